// A Python brain reaches the brain interface and nothing else (docs/security.md#python-brains):
// every route from Python to the JavaScript it runs on, and every Python way to files, processes,
// sockets and the environment, tried by real brains in real agent processes (`brainbench run`,
// and the workbench that `serve` runs), beside a loopback listener that must hear nothing, a
// canary file outside the workspace that must stay unread and a folder that must stay unwritten,
// and a secret in the host's environment that must not reach the brain.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');
const SECRET = `sk-canary-${randomUUID()}`;
const CANARY = `CANARY-${randomUUID()}`;

/**
 * JavaScript run with whatever `Function` a route reached: it reports what it could touch. In a
 * realm of the host it finds `process` and through it files, sockets, processes and the environment.
 */
const attack = (canaryDir: string, port: number): string => `
  const p = typeof process === 'object' ? process : globalThis.process;
  if (!p) return 'blocked: no process here, only ' + Object.getOwnPropertyNames(globalThis).length + ' globals';
  const found = ['process'];
  const mod = (name) => p.getBuiltinModule(name);
  try { found.push('env ' + JSON.stringify(p.env)); } catch (e) {}
  try { found.push('read ' + mod('fs').readFileSync(${JSON.stringify(join(canaryDir, 'canary.txt'))}, 'utf8')); } catch (e) {}
  try { mod('fs').writeFileSync(${JSON.stringify(join(canaryDir, 'written.txt'))}, 'x'); found.push('wrote'); } catch (e) {}
  try { mod('net').connect(${port}, '127.0.0.1').end('leak'); found.push('connected'); } catch (e) {}
  try { found.push('spawned ' + mod('child_process').execSync('id')); } catch (e) {}
  return 'ESCAPED ' + found.join(' | ');
`;

/** One brain per route; each prints `ROUTE <name>: <what happened>`. */
function routes(canaryDir: string, port: number): Record<string, string> {
  const js = JSON.stringify(attack(canaryDir, port));
  const canaryFile = JSON.stringify(join(canaryDir, 'canary.txt'));
  const viaFunction = (name: string, reach: string): string => `
try:
    ${reach}
    print("ROUTE ${name}: " + str(F(${js})()))
except BaseException as error:
    print("ROUTE ${name}: blocked " + type(error).__name__)
`;
  return {
    js_module: viaFunction('js_module', 'import js\n    F = js.constructor.constructor'),
    pyodide_js: viaFunction('pyodide_js', 'import pyodide_js\n    F = pyodide_js.constructor.constructor'),
    create_proxy: viaFunction(
      'create_proxy',
      'from pyodide.ffi import create_proxy\n    F = create_proxy(lambda: 0).constructor.constructor',
    ),
    binding: viaFunction('binding', 'import _omw_binding\n    F = _omw_binding._Host.call.constructor.constructor'),
    module_internals: viaFunction(
      'module_internals',
      'import pyodide_js\n    F = pyodide_js._module.constructor.constructor',
    ),
    run_js: `
try:
    from pyodide.code import run_js
    print("ROUTE run_js: " + str(run_js("(function () {" + ${js} + "})()")))
except BaseException as error:
    print("ROUTE run_js: blocked " + type(error).__name__)
`,
    mount_node_fs: `
try:
    import pyodide_js
    pyodide_js.mountNodeFS("/mnt", ${JSON.stringify(canaryDir)})
    print("ROUTE mount_node_fs: ESCAPED read " + open("/mnt/canary.txt").read())
except BaseException as error:
    print("ROUTE mount_node_fs: blocked " + type(error).__name__)
`,
    fetch: `
try:
    from js import fetch
    fetch("http://127.0.0.1:${port}/leak")
    print("ROUTE fetch: ESCAPED fetch called")
except BaseException as error:
    print("ROUTE fetch: blocked " + type(error).__name__)
`,
    environ: `
import os
values = " ".join(os.environ.values())
print("ROUTE environ: " + ("ESCAPED " + values if "sk-canary" in values else "blocked " + ",".join(sorted(os.environ))))
`,
    open_files: `
found = []
for path in ["/etc/passwd", ${canaryFile}]:
    try:
        found.append(open(path).read()[:80])
    except BaseException as error:
        pass
print("ROUTE open_files: " + ("ESCAPED " + " | ".join(found) if found else "blocked"))
`,
    os_system: `
import os
try:
    code = os.system("touch ${join(canaryDir, 'system.txt')}")
    print("ROUTE os_system: exit " + str(code))
except BaseException as error:
    print("ROUTE os_system: blocked " + type(error).__name__)
`,
    socket: `
try:
    import socket
    socket.create_connection(("127.0.0.1", ${port}), timeout=1).sendall(b"leak")
    print("ROUTE socket: ESCAPED connected")
except BaseException as error:
    print("ROUTE socket: blocked " + type(error).__name__)
`,
    urllib: `
try:
    import urllib.request
    urllib.request.urlopen("http://127.0.0.1:${port}/leak", timeout=1)
    print("ROUTE urllib: ESCAPED connected")
except BaseException as error:
    print("ROUTE urllib: blocked " + type(error).__name__)
`,
    subprocess: `
try:
    import subprocess
    print("ROUTE subprocess: ESCAPED " + subprocess.run(["id"], capture_output=True).stdout.decode())
except BaseException as error:
    print("ROUTE subprocess: blocked " + type(error).__name__)
`,
  };
}

describe('a Python brain reaches the brain interface and nothing else', () => {
  let dir: string;
  let workspace: string;
  let canaryDir: string;
  let listener: Server;
  let port: number;
  const heard: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-python-confinement-'));
    workspace = join(dir, 'workspace');
    canaryDir = join(dir, 'outside');
    mkdirSync(workspace);
    mkdirSync(canaryDir);
    writeFileSync(join(canaryDir, 'canary.txt'), CANARY);
    listener = createServer((socket) => {
      heard.push('a connection');
      socket.on('data', (data) => heard.push(String(data)));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    port = typeof address === 'object' && address ? address.port : 0;
    const brains = routes(canaryDir, port);
    const agents = Object.keys(brains).map((name) => `[agents.${name}]\nruntime = "py"\nscript = "${name}.py"\n`);
    writeFileSync(
      join(workspace, 'omw.toml'),
      `[runtime.py]\nkind = "python"\n# importing urllib.request and friends takes seconds on a loaded machine\nmax_busy_ms = 60000\n\n${agents.join('\n')}`,
    );
    for (const [name, brain] of Object.entries(brains)) writeFileSync(join(workspace, `${name}.py`), brain);
  });

  after(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const assertNothingReached = (output: string): void => {
    const lines = output.split('\n').flatMap((line) => {
      const route = /ROUTE (\w+): ([^"]*)/.exec(line);
      return route ? [`${route[1]}: ${route[2]}`] : [];
    });
    assert.equal(lines.length, Object.keys(routes(canaryDir, port)).length, `every route reported:\n${output}`);
    for (const line of lines) assert.doesNotMatch(line, /ESCAPED/, line);
    assert.ok(!output.includes(SECRET), 'the environment secret reached the brain');
    assert.ok(!output.includes(CANARY), 'the canary file was read');
    assert.deepEqual(readdirSync(canaryDir), ['canary.txt'], 'nothing was written beside the canary');
    assert.equal(readFileSync(join(canaryDir, 'canary.txt'), 'utf8'), CANARY);
    assert.deepEqual(heard, [], 'the loopback listener heard from a brain');
  };

  it('in `brainbench run`', () => {
    const run = spawnSync(process.execPath, [BRAINBENCH, 'run', '--config', join(workspace, 'omw.toml')], {
      encoding: 'utf8',
      cwd: workspace,
      env: { ...process.env, OPENAI_API_KEY: SECRET, NO_COLOR: '1' },
      timeout: 120_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assertNothingReached(run.stdout + run.stderr);
  });

  it('in the workbench `serve` runs, whose agent processes hold no secret of the environment', async () => {
    const previous = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = SECRET;
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    try {
      await workbench.open(workspace);
      for (const agent of Object.keys(routes(canaryDir, port))) await workbench.step(agent);
      const printed = workbench
        .traceHistory()
        .flatMap((event) => (event.type === 'log' ? [event.message] : []))
        .join('\n');
      assertNothingReached(printed);
      const supervisor = workbench['workspaceState']!.supervisor!;
      const pids = Object.keys(routes(canaryDir, port)).map((agent) => supervisor.runner(agent).process.pid!);
      for (const pid of pids) {
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
        assert.ok(!environment.includes(SECRET), `agent process ${pid} has the secret in its environment`);
      }
    } finally {
      await workbench.close();
      if (previous === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = previous;
    }
  });
});
