// Every layer rule of docs/architecture.md, crossed once: `npm run lint` must fail on each with
// a message naming the rule, as it lints the real config against a file placed in the layer.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const CROSSINGS: { rule: string; file: string; source: string }[] = [
  {
    rule: 'import-x/no-nodejs-modules',
    file: 'main/rhai/language/types/crossing.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  {
    rule: 'layers/rhai-core',
    file: 'main/rhai/language/eval/crossing.ts',
    source: "import { camelCase } from '../../../host-api/name-case.ts';\nexport const name = camelCase;\n",
  },
  {
    rule: 'import-x/no-nodejs-modules',
    file: 'main/runtimes/python/realm/crossing.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  {
    rule: 'layers/python-realm',
    file: 'main/runtimes/python/realm/crossing.ts',
    source: "import { HOST_OPS } from '../../../host-api/host-ops.generated.ts';\nexport const ops = HOST_OPS;\n",
  },
  {
    rule: 'layers/renderer',
    file: 'renderer/src/features/bus/Crossing.tsx',
    source: "import { Host } from '../../../../main/host/host.ts';\nexport const host = Host;\n",
  },
  {
    rule: 'layers/renderer',
    file: 'renderer/src/shared/trace/crossing.ts',
    source: "import { Supervisor } from '../../../../main/supervisor/supervisor.ts';\nexport const s = Supervisor;\n",
  },
  {
    rule: 'layers/renderer-store',
    file: 'renderer/src/features/bus/crossing-store.ts',
    source: "import { BusInspector } from './BusInspector.tsx';\nexport const view = BusInspector;\n",
  },
  {
    rule: 'layers/renderer-store',
    file: 'renderer/src/core/crossing.ts',
    source: "import { App } from '../app/App.tsx';\nexport const view = App;\n",
  },
  {
    rule: 'layers/electron',
    file: 'renderer/src/crossing.ts',
    source: "import { ipcRenderer } from 'electron';\nexport const ipc = ipcRenderer;\n",
  },
  {
    rule: 'layers/electron',
    file: 'main/workbench/crossing.ts',
    source: "import { app } from 'electron';\nexport const a = app;\n",
  },
  {
    rule: 'layers/runtimes',
    file: 'main/runtimes/js/crossing.ts',
    source: "import type { Host } from '../../host/host.ts';\nexport type H = Host;\n",
  },
  {
    rule: 'layers/runtimes',
    file: 'main/runtimes/crossing.ts',
    source: "import { answerHostCall } from '../agent-process/sync-bridge.ts';\nexport const a = answerHostCall;\n",
  },
  {
    rule: 'layers/back-ends',
    file: 'main/providers/crossing.ts',
    source: "import type { Host } from '../host/host.ts';\nexport type H = Host;\n",
  },
  {
    rule: 'layers/agent-process',
    file: 'main/agent-process/crossing.ts',
    source: "import { forkSpawner } from '../supervisor/fork-spawner.ts';\nexport const f = forkSpawner;\n",
  },
  {
    rule: 'layers/contract',
    file: 'contract/crossing.ts',
    source: "import type { AgentContext } from '../main/host/agent-context.ts';\nexport type C = AgentContext;\n",
  },
];

for (const crossing of CROSSINGS) {
  test(`${crossing.rule} fails ${crossing.file}`, async () => {
    const found = await problems(crossing.file, crossing.source);
    assert.ok(
      found.some((p) => p.includes(crossing.rule)),
      `expected a ${crossing.rule} problem, got ${JSON.stringify(found)}`,
    );
  });
}

test('what the layers allow lints clean: the renderer on the contract and the shared libraries', async () => {
  const source = [
    "import type { WorkspaceView } from '../../../contract/views.ts';",
    "import { HOST_OPS } from '../../../main/host-api/host-ops.generated.ts';",
    "import { Engine } from '../../../main/rhai/language/engine.ts';",
    'export const used: [WorkspaceView | undefined, unknown, unknown] = [undefined, HOST_OPS, Engine];',
    '',
  ].join('\n');
  assert.deepEqual(await problems('renderer/src/model/allowed.ts', source), []);
});
