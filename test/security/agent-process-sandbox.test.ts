// The second wall (docs/security.md#agent-processes): an agent process holds no secret of the
// user's environment and, under Node, may neither start processes nor write files outside
// Brainbench's cache and its brain's writable preopens. The flags are tried for what they do on
// this Node, and real agent processes are checked for having them.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { agentInit } from '../../main/supervisor/agent-init.ts';
import { agentProcessSandbox } from '../../main/supervisor/agent-sandbox.ts';
import { workspace } from '../supervisor/workspace.ts';

describe('agent processes', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-agent-sandbox-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('run under flags that refuse processes and writes outside the allowed folders, on worker threads too', () => {
    const allowed = join(dir, 'allowed');
    mkdirSync(allowed);
    const probe = `
      const { execSync } = require('node:child_process');
      const { writeFileSync } = require('node:fs');
      const { Worker } = require('node:worker_threads');
      const tried = (work) => { try { work(); return 'allowed'; } catch (error) { return error.code; } };
      const results = {
        spawn: tried(() => execSync('true')),
        writeOutside: tried(() => writeFileSync(${JSON.stringify(join(dir, 'outside.txt'))}, 'x')),
        writeAllowed: tried(() => writeFileSync(${JSON.stringify(join(allowed, 'inside.txt'))}, 'x')),
      };
      const worker = new Worker(
        "require('node:worker_threads').parentPort.postMessage((() => { try { require('node:fs').writeFileSync(" +
          JSON.stringify(${JSON.stringify(join(dir, 'from-worker.txt'))}) + ", 'x'); return 'allowed'; } catch (e) { return e.code; } })())",
        { eval: true },
      );
      worker.on('message', (fromWorker) => { console.log(JSON.stringify({ ...results, fromWorker })); worker.terminate(); });
    `;
    const sandbox = agentProcessSandbox([allowed], { OPENAI_API_KEY: 'sk-secret', TZ: 'UTC', HOME: '/root' });
    const child = spawnSync(process.execPath, [...sandbox.execArgv, '-e', probe], {
      encoding: 'utf8',
      env: sandbox.env,
    });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stderr, '', 'no warning printed around the flags');
    assert.deepEqual(JSON.parse(child.stdout), {
      spawn: 'ERR_ACCESS_DENIED',
      writeOutside: 'ERR_ACCESS_DENIED',
      writeAllowed: 'allowed',
      fromWorker: 'ERR_ACCESS_DENIED',
    });
    assert.deepEqual(Object.keys(sandbox.env).sort(), ['BRAINBENCH_CACHE_DIR', 'TZ']);
  });

  it('are started under those flags, with no secret of the environment', async () => {
    const previous = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = 'sk-ant-canary';
    const ws = workspace('[runtime.js]\nkind = "js"\n\n[agents.a]\nruntime = "js"\nscript = "a.js"\n', {
      'a.js': 'omw.host.log("info", "hi");\n',
    });
    try {
      assert.deepEqual(await ws.supervisor.step('a'), { kind: 'outcome', outcome: 'completed' });
      const pid = ws.supervisor.runner('a').process.pid!;
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      assert.ok(
        commandLine.some((arg) => arg === '--permission' || arg === '--experimental-permission'),
        commandLine.join(' '),
      );
      assert.ok(!commandLine.some((arg) => arg.startsWith('--allow-child-process')), commandLine.join(' '));
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      assert.ok(!environment.some((entry) => entry.includes('sk-ant-canary')), environment.join('\n'));
      assert.ok(
        environment.every((entry) =>
          /^(BRAINBENCH_CACHE_DIR|TZ|LANG|LC_ALL|LC_TIME|LC_CTYPE|NODE_CHANNEL_FD|NODE_CHANNEL_SERIALIZATION_MODE)=/.test(
            entry,
          ),
        ),
        environment.join('\n'),
      );
    } finally {
      ws.supervisor.dispose();
      if (previous === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = previous;
    }
  });

  it('give a component that inherits the environment the host’s, put in by the host', () => {
    const file = join(dir, 'omw.toml');
    writeFileSync(
      file,
      '[runtime.w]\nkind = "wasm"\ninherit_env = true\n\n[agents.a]\nruntime = "w"\nscript = "a.wasm"\n',
    );
    const params = agentInit(loadConfig(file, { env: {} }), 'a').runtime.params as {
      inherit_env: boolean;
      env: Record<string, string>;
    };
    assert.equal(params.inherit_env, false, 'the agent process does not look at its own environment');
    assert.equal(params.env.PATH, process.env.PATH);
  });
});
