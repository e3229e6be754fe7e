// The architecture's layers, enforced (docs/architecture.md draws them). Each zone names its
// rule in its message, so a crossing reads `layers/<rule>: ...` beside import-x's rule id.

const HOST_SIDE = [
  'main/debugger',
  'main/dap',
  'main/host',
  'main/supervisor',
  'main/workbench',
  'main/web',
  'main/cli',
  'main/lsp',
  'main/electron',
  'main/testing',
  'main/evals',
  'main/recording',
  'main/counterfactual',
  'main/telemetry',
  'main/trust',
  'main/time-travel',
];
const BACK_ENDS = ['main/providers', 'main/tooling', 'main/endpoint', 'main/backends'];
/** What the renderer and the contract may import from main/: the libraries shared with them. */
const SHARED_WITH_RENDERER = [
  './host-api',
  './rhai/language',
  './trace/trace-event.ts',
  './runtimes/debug/debug-protocol.ts',
];

const rule = (name, text) => `layers/${name}: ${text} (docs/architecture.md)`;

export const LAYER_ZONES = [
  {
    target: 'main/rhai/language',
    from: '.',
    except: ['./main/rhai/language'],
    message: rule('rhai-core', 'the Rhai language core imports only itself'),
  },
  {
    target: 'main/runtimes/python/realm',
    from: '.',
    except: ['./main/runtimes/python/realm', './node_modules/pyodide'],
    message: rule('python-realm', "the Python realm's code imports only itself and Pyodide"),
  },
  {
    target: 'renderer/src',
    from: 'main',
    except: SHARED_WITH_RENDERER,
    message: rule('renderer', 'the renderer imports only the contract and the libraries shared with it'),
  },
  {
    target: ['renderer/src/core', 'renderer/src/**/*-store.ts'],
    from: 'renderer/src/**/*.tsx',
    message: rule('renderer-store', 'a store never imports a view: views read stores, not the other way'),
  },
  {
    target: 'renderer/src',
    from: ['preload', 'scripts', 'test', 'bench'],
    message: rule('renderer', 'the renderer imports only the contract and the libraries shared with it'),
  },
  {
    target: 'contract',
    from: 'main',
    except: SHARED_WITH_RENDERER,
    message: rule('contract', 'the contract imports only the libraries shared with the renderer'),
  },
  {
    target: 'contract',
    from: ['renderer', 'preload'],
    message: rule('contract', 'the contract imports only the libraries shared with the renderer'),
  },
  {
    target: 'main/runtimes',
    from: [...HOST_SIDE, ...BACK_ENDS, 'main/agent-process'],
    message: rule('runtimes', 'runtimes never import the host, its back ends or the agent process'),
  },
  {
    target: BACK_ENDS,
    from: [...HOST_SIDE, 'main/agent-process', 'main/runtimes'],
    message: rule('back-ends', 'back ends never import the Host assembly, the supervisor or the engines'),
  },
  {
    target: 'main/agent-process',
    from: [...HOST_SIDE, ...BACK_ENDS],
    message: rule('agent-process', 'the agent process imports no host-side code'),
  },
  {
    target: [...HOST_SIDE, ...BACK_ENDS],
    from: 'main/agent-process',
    message: rule('agent-process', 'the host reaches the agent process only through main/agent-protocol'),
  },
  {
    target: ['main/host', 'main/supervisor'],
    from: [
      'main/debugger',
      'main/dap',
      'main/workbench',
      'main/web',
      'main/cli',
      'main/electron',
      'main/testing',
      'main/evals',
      'main/recording',
      'main/counterfactual',
    ],
    message: rule('host', 'the host and the supervisor never import the layers that use them'),
  },
];

export const ELECTRON_ONLY = {
  paths: [
    {
      name: 'electron',
      message: rule('electron', 'only the Electron shell (main/electron) and the preload script import electron'),
    },
  ],
};
