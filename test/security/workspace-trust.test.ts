// Workspace trust (docs/security.md#workspace-trust): a folder opened in the workbench runs nothing outside
// the brain sandboxes until the user trusts it. Real parts throughout: the `brainbench` CLI as a
// process and its API over the WebSocket the page uses, the Workbench with real agent processes,
// a command that would write a canary file, a loopback listener where a key would arrive, a
// logpoint with a side effect, and the interpreter component reading a host folder.

import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IterationResult } from '../../contract/iteration-result.ts';
import type { WorkspaceView } from '../../contract/views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { shellLine } from '../../main/trust/visible-text.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import {
  ApiClient,
  brainbench,
  brainbenchDone,
  canaryCommand,
  exists,
  KeyListener,
  pause,
  REPO,
  stdioTable,
  TOOL_CALLER,
  until,
  writeWorkspace,
} from './trust-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'brainbench-trust-'));
// The user's settings folder: the trust file lives here, never in a real home.
const configDir = join(dir, 'user-config');
process.env['BRAINBENCH_CONFIG_DIR'] = configDir;
const cliEnv = { BRAINBENCH_CONFIG_DIR: configDir };

/** Time a command that was started would have had to write its canary (it takes some 50 ms). */
const GRACE_MS = 1500;

const JS_RUNTIME = '[runtime.js]\nkind = "js"\n';

/** A workspace whose config starts a command writing `canary`, and an agent that calls it. */
function commandWorkspace(name: string): { root: string; canary: string; line: string } {
  const root = join(dir, name);
  const canary = join(dir, `${name}.canary`);
  const words = canaryCommand(canary);
  writeWorkspace(
    root,
    `${JS_RUNTIME}${stdioTable('probe', words)}\n[agents.caller]\nruntime = "js"\nscript = "caller.js"\n`,
    { 'caller.js': TOOL_CALLER('probe') },
  );
  return { root: realpathSync(root), canary, line: shellLine(words) };
}

async function openWorkbench(root: string): Promise<Workbench> {
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(root, { chosenByUser: true });
  return workbench;
}

/** What the brain printed in its last iteration. */
function printed(workbench: Workbench): string[] {
  return workbench
    .traceHistory()
    .flatMap((event) => (event.type === 'log' && event.level === 'print' ? [event.message] : []));
}

after(() => rmSync(dir, { recursive: true, force: true }));

describe('a stdio MCP command in a folder that is not trusted', { timeout: 120_000 }, () => {
  it('brainbench serve starts nothing, says what it holds back, and starts it when Trust is pressed', async () => {
    const { root, canary, line } = commandWorkspace('served');
    const serve = brainbench(['serve', root, '--port', '0'], cliEnv);
    let api: ApiClient | undefined;
    try {
      const url = await until('the server prints its URL', () => /http:\/\/\S+token=\S+/.exec(serve.stdout())?.[0]);
      // The terminal says so, with the command line in full.
      await until('the held-back notice', () => serve.stderr().includes(line));
      assert.match(serve.stderr(), /is not trusted, so this is held back/);
      api = await ApiClient.connect(url);
      const view = (await api.request('workspace')) as WorkspaceView;
      assert.equal(view.trust.trusted, false);
      assert.deepEqual(
        view.trust.held.map(({ kind, subject, text }) => ({ kind, subject, text })),
        [{ kind: 'command', subject: 'tooling "probe"', text: line }],
      );
      assert.equal(view.trust.held[0]!.where, 'omw.toml:7');
      assert.equal(view.tooling[0]!.state, 'held');
      await api.request('step', 'caller');
      await pause(GRACE_MS);
      assert.equal(exists(canary), false, 'the command did not run');

      const trusted = (await api.request('trustWorkspace')) as WorkspaceView;
      assert.deepEqual(trusted.trust, { trusted: true, by: 'user', held: [] });
      await until('the command runs once trusted', () => exists(canary));
      const stored = JSON.parse(readFileSync(join(configDir, 'trust.json'), 'utf8')) as { folders: { path: string }[] };
      assert.ok(
        stored.folders.some((folder) => folder.path === root),
        'kept by real path in the user folder',
      );
    } finally {
      api?.close();
      await serve.stop();
    }
  });

  it('serve --trust is an explicit act: it runs the command and keeps the trust', async () => {
    const { root, canary } = commandWorkspace('served-trusting');
    const serve = brainbench(['serve', root, '--port', '0', '--trust'], cliEnv);
    try {
      await until('the command runs', () => exists(canary));
      assert.doesNotMatch(serve.stderr(), /held back/);
    } finally {
      await serve.stop();
    }
    const listed = await brainbenchDone(['trust', '--list'], cliEnv);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(
      listed.stdout.split('\n').some((entry) => entry.startsWith(`${root}  (since `)),
      listed.stdout,
    );
  });

  describe('in the Workbench', () => {
    let workbench: Workbench;
    let ws: ReturnType<typeof commandWorkspace>;
    before(async () => {
      ws = commandWorkspace('opened');
      workbench = await openWorkbench(ws.root);
    });
    after(async () => {
      await workbench.close();
    });

    it('holds the command back; a brain calling the tooling gets a host error it can catch', async () => {
      const result = await workbench.step('caller');
      assert.deepEqual(result, { kind: 'outcome', outcome: 'completed' } satisfies IterationResult);
      const [caught] = printed(workbench);
      assert.match(caught!, /^caught: .*tooling "probe" is held back: this workspace is not trusted/);
      assert.ok(caught!.includes(ws.line), caught);
      const tooling = workbench.workspace().tooling[0]!;
      assert.equal(tooling.state, 'held');
      assert.equal(tooling.detail, 'held back: this workspace is not trusted');
      await assert.rejects(
        workbench.describeTooling('probe').then((d) => Promise.reject(new Error(d.error))),
        /held back/,
      );
      await pause(GRACE_MS);
      assert.equal(exists(ws.canary), false);
    });

    it('runs the workspace’s tests restricted too', async () => {
      const canary = join(dir, 'test-config.canary');
      writeWorkspace(join(ws.root, 'tests'), '', {
        'omw.test.toml': `[runtime.r]\nkind = "rhai"\n${stdioTable('t', canaryCommand(canary))}\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n`,
        'a.rhai': '1',
      });
      rmSync(join(ws.root, 'tests/omw.toml'));
      const [result] = await workbench.runTests();
      assert.equal(result!.file, 'tests/omw.test.toml');
      await pause(GRACE_MS);
      assert.equal(exists(canary), false, 'the command of the test config did not run');
    });

    it('refuses to fork a recording, which would start the back ends live', async () => {
      const answer = await dispatchRequest(workbench, 1, 'forkRecording', ['x.jsonl', 'caller', 0, {}, false]);
      assert.deepEqual(answer, {
        id: 1,
        ok: false,
        error:
          'a branch runs the workspace’s back ends live, and this workspace is not trusted (tooling "probe" held back): trust it first',
      });
    });

    it('a command added to the config while restricted is held back too, and shows', async () => {
      const second = join(dir, 'added.canary');
      const config = readFileSync(join(ws.root, 'omw.toml'), 'utf8') + stdioTable('added', canaryCommand(second));
      await workbench.writeFile('omw.toml', config, null);
      const held = workbench.workspace().trust.held.map((item) => item.subject);
      assert.deepEqual(held, ['tooling "probe"', 'tooling "added"']);
      await pause(GRACE_MS);
      assert.equal(exists(second), false);
    });

    it('Trust starts what was held back without losing the session, and a change stays trusted', async () => {
      const before = workbench.traceHistory().length;
      const view = await workbench.trustWorkspace();
      assert.equal(view.trust.trusted, true);
      await until('the command runs once trusted', () => exists(ws.canary));
      assert.ok(workbench.traceHistory().length >= before, 'the trace so far is kept');
      assert.ok(
        workbench.traceHistory().some((event) => event.type === 'restart' && event.cause === 'workspace'),
        'the restart is marked in the trace',
      );
      const third = join(dir, 'third.canary');
      const config = readFileSync(join(ws.root, 'omw.toml'), 'utf8') + stdioTable('third', canaryCommand(third));
      await workbench.writeFile('omw.toml', config, null);
      await until('a command added to a trusted folder runs', () => exists(third));
    });

    it('revoking restricts the folder again', async () => {
      const view = await workbench.revokeTrust();
      // The command exits at once, and a trusted host starts it again: from here on, nothing may.
      rmSync(ws.canary);
      assert.equal(view.trust.trusted, false);
      assert.deepEqual(
        view.trust.held.map((item) => item.subject),
        ['tooling "probe"', 'tooling "added"', 'tooling "third"'],
      );
      await pause(GRACE_MS);
      assert.equal(exists(ws.canary), false, 'the restarted host started no command');
      await workbench.step('caller');
      assert.match(printed(workbench).at(-1)!, /held back/);
    });
  });
});

describe('a key from the user’s environment', { timeout: 120_000 }, () => {
  const KEY = 'sk-from-the-environment-0123456789';
  const WRITTEN = 'sk-written-in-the-config';
  let listener: KeyListener;
  let workbench: Workbench;
  const previous = process.env['OPENAI_API_KEY'];

  before(async () => {
    listener = await KeyListener.start();
    process.env['OPENAI_API_KEY'] = KEY;
    const root = writeWorkspace(
      join(dir, 'keys'),
      `${JS_RUNTIME}
[providers.outside]
kind = "openai"
base_url = "${listener.url}"
model = "m"

[providers.own]
kind = "openai"
base_url = "${listener.url}"
api_key = "${WRITTEN}"
model = "m"

[agents.chatter]
runtime = "js"
script = "chatter.js"
`,
      {
        'chatter.js': `for (const name of ['outside', 'own']) {
  print(name + ': ' + omw.provider.get(name).chat('m', [{ role: 'user', content: 'hi' }]).content);
}
`,
      },
    );
    workbench = await openWorkbench(root);
  });
  after(async () => {
    if (previous === undefined) delete process.env['OPENAI_API_KEY'];
    else process.env['OPENAI_API_KEY'] = previous;
    await workbench.close();
    await listener.close();
  });

  it('goes to no other URL than the vendor’s while restricted; a key written in the config does', async () => {
    const item = workbench.workspace().trust.held.find((held) => held.kind === 'credential');
    assert.deepEqual(item, {
      kind: 'credential',
      subject: 'provider "outside"',
      where: 'omw.toml:6',
      text: `${listener.url} would get OPENAI_API_KEY from your environment`,
    });
    assert.deepEqual(await workbench.step('chatter'), { kind: 'outcome', outcome: 'completed' });
    assert.deepEqual(printed(workbench), ['outside: answered', 'own: answered']);
    // The listener sees the request, with no Authorization header at all; the workspace's own key goes.
    assert.deepEqual(
      listener.requests.map((headers) => headers.authorization),
      [undefined, `Bearer ${WRITTEN}`],
    );
    assert.ok(!JSON.stringify(listener.requests).includes(KEY));
  });

  it('goes there once the folder is trusted', async () => {
    await workbench.trustWorkspace();
    await workbench.step('chatter');
    assert.equal(listener.requests.at(-2)!.authorization, `Bearer ${KEY}`);
  });
});

describe('what the vendor SDKs would look up themselves', { timeout: 120_000 }, () => {
  const PROFILE_TOKEN = 'sk-ant-oat-from-a-profile-on-disk';
  const VARIABLES: Record<string, string> = {
    OPENAI_CUSTOM_HEADERS: 'X-Custom: from-openai-custom-headers',
    OPENAI_ORG_ID: 'org-from-the-environment',
    ANTHROPIC_CUSTOM_HEADERS: 'X-Custom: from-anthropic-custom-headers',
    // The Anthropic SDK's own credential chain: the active profile of this config folder.
    ANTHROPIC_CONFIG_DIR: join(dir, 'anthropic-config'),
  };
  const UNSET = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_PROFILE'];
  const previous = Object.fromEntries([...Object.keys(VARIABLES), ...UNSET].map((name) => [name, process.env[name]]));
  let listener: KeyListener;
  let workbench: Workbench;

  /** The headers of the requests each provider sent, by the path they went to. */
  const sent = (from: number) => {
    const requests = listener.requests.slice(from);
    return {
      openai: requests.filter((headers) => headers['x-stainless-package-version'] && !headers['anthropic-version']),
      anthropic: requests.filter((headers) => headers['anthropic-version']),
    };
  };

  before(async () => {
    listener = await KeyListener.start();
    writeWorkspace(VARIABLES['ANTHROPIC_CONFIG_DIR']!, '', {
      'configs/default.json': JSON.stringify({ authentication: { type: 'user_oauth' } }),
      'credentials/default.json': JSON.stringify({ type: 'oauth_token', access_token: PROFILE_TOKEN }),
    });
    chmodSync(join(VARIABLES['ANTHROPIC_CONFIG_DIR']!, 'credentials/default.json'), 0o600);
    Object.assign(process.env, VARIABLES);
    for (const name of UNSET) delete process.env[name];
    const root = writeWorkspace(
      join(dir, 'sdk-lookups'),
      `${JS_RUNTIME}
[providers.outside]
kind = "openai"
base_url = "${listener.url}"
model = "m"

[providers.claude]
kind = "anthropic"
base_url = "http://127.0.0.1:${listener.port}"
model = "m"

[agents.chatter]
runtime = "js"
script = "chatter.js"
`,
      {
        'chatter.js': `for (const name of ['outside', 'claude']) {
  try {
    omw.provider.get(name).chat('m', [{ role: 'user', content: 'hi' }]);
  } catch (error) {
    // The listener answers in OpenAI's shape; only what reached it matters here.
  }
}
`,
      },
    );
    workbench = await openWorkbench(root);
  });
  after(async () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await workbench.close();
    await listener.close();
  });

  it('are listed, and none of them reaches a URL the workspace chose while restricted', async () => {
    const items = workbench.workspace().trust.held.filter((held) => held.kind === 'credential');
    assert.deepEqual(
      items.map((item) => item.text),
      [
        `${listener.url} would get OPENAI_ORG_ID, OPENAI_CUSTOM_HEADERS from your environment`,
        `http://127.0.0.1:${listener.port} would get ANTHROPIC_CUSTOM_HEADERS from your environment`,
      ],
    );
    await workbench.step('chatter');
    const { openai, anthropic } = sent(0);
    assert.equal(openai.length, 1, JSON.stringify(listener.requests));
    assert.equal(anthropic.length, 1, JSON.stringify(listener.requests));
    for (const headers of [...openai, ...anthropic]) {
      assert.equal(headers['x-custom'], undefined);
      assert.equal(headers['openai-organization'], undefined);
      assert.equal(headers.authorization, undefined);
      assert.equal(headers['x-api-key'], undefined);
    }
    assert.ok(!JSON.stringify(listener.requests).includes(PROFILE_TOKEN));
  });

  it('go there once the folder is trusted, except the Anthropic SDK’s own credential chain, which is never used', async () => {
    const seen = listener.requests.length;
    await workbench.trustWorkspace();
    await workbench.step('chatter');
    const { openai, anthropic } = sent(seen);
    assert.equal(openai.at(-1)!['x-custom'], 'from-openai-custom-headers');
    assert.equal(openai.at(-1)!['openai-organization'], 'org-from-the-environment');
    assert.equal(anthropic.at(-1)!['x-custom'], 'from-anthropic-custom-headers');
    assert.equal(anthropic.at(-1)!.authorization, undefined);
    assert.ok(!JSON.stringify(listener.requests).includes(PROFILE_TOKEN));
  });
});

describe('an MCP auth_token from the user’s environment', { timeout: 120_000 }, () => {
  const TOKEN = 'token-from-an-omw-variable';
  let listener: KeyListener;
  let workbench: Workbench;

  before(async () => {
    listener = await KeyListener.start();
    const root = writeWorkspace(
      join(dir, 'token'),
      `[tooling.remote]\nkind = "mcp"\ntransport = "http"\nurl = "http://127.0.0.1:${listener.port}/mcp"\n`,
    );
    workbench = new Workbench({
      spawner: forkSpawner,
      entry: agentEntry(),
      env: { ...process.env, OMW__TOOLING__REMOTE__AUTH_TOKEN: TOKEN },
    });
    await workbench.open(root, { chosenByUser: true });
  });
  after(async () => {
    await workbench.close();
    await listener.close();
  });

  it('is not sent while restricted, and is once trusted', async () => {
    await until('the server is asked', () => listener.requests.length > 0);
    assert.ok(
      listener.requests.every((headers) => headers.authorization === undefined),
      JSON.stringify(listener.requests),
    );
    const seen = listener.requests.length;
    await workbench.trustWorkspace();
    await until('the server is asked again', () => listener.requests.length > seen);
    assert.equal(listener.requests.at(-1)!.authorization, `Bearer ${TOKEN}`);
  });
});

describe('a logpoint in .brainbench/debugger.json', { timeout: 120_000 }, () => {
  let workbench: Workbench;
  let root: string;

  before(async () => {
    root = writeWorkspace(
      join(dir, 'logpoint'),
      `${JS_RUNTIME}\n[agents.harmless]\nruntime = "js"\nscript = "harmless.js"\n`,
      {
        'harmless.js': "const nothing = 0;\nprint(globalThis.marker ?? 'untouched');\n",
        // The settings file comes with the folder: its logpoint would change what the brain sees.
        '.brainbench/debugger.json': JSON.stringify({
          version: 1,
          sourceBreakpoints: {
            'harmless.js': [{ line: 1, logMessage: "{globalThis.marker = 'set by the settings file'}" }],
          },
          exceptions: { caught: false, uncaught: false },
          callBreakpoints: {},
        }),
      },
    );
    workbench = await openWorkbench(root);
  });
  after(async () => {
    await workbench.close();
  });

  it('does not run at the first Step while restricted, and shows in the banner with its line', async () => {
    assert.deepEqual(workbench.workspace().trust.held, [
      {
        kind: 'expression',
        subject: 'logpoint',
        where: 'harmless.js:1',
        text: "{globalThis.marker = 'set by the settings file'}",
      },
    ]);
    const [placed] = workbench.debugging.view.sourceBreakpoints['harmless.js']!;
    assert.equal(placed!.verified, false);
    assert.match(placed!.message!, /held back: this workspace is not trusted/);
    await workbench.step('harmless');
    assert.deepEqual(printed(workbench), ['untouched']);
  });

  it('an expression the user types in the running workbench is the user’s own, and runs', async () => {
    workbench.setSourceBreakpoints('harmless.js', [{ line: 1, logMessage: "{globalThis.marker = 'typed'}" }], null);
    await workbench.step('harmless');
    assert.equal(printed(workbench).at(-1), 'typed');
    assert.deepEqual(workbench.workspace().trust.held, []);
  });

  it('runs once the folder is trusted', async () => {
    await workbench.close();
    writeFileSync(
      join(root, '.brainbench/debugger.json'),
      JSON.stringify({
        version: 1,
        sourceBreakpoints: {
          'harmless.js': [{ line: 1, logMessage: "{globalThis.marker = 'set by the settings file'}" }],
        },
        exceptions: { caught: false, uncaught: false },
        callBreakpoints: {},
      }),
    );
    workbench = await openWorkbench(root);
    await workbench.step('harmless');
    assert.equal(printed(workbench).at(-1), 'untouched');
    await workbench.trustWorkspace();
    await workbench.step('harmless');
    assert.equal(printed(workbench).at(-1), 'set by the settings file');
  });
});

describe('an interpreter component with host folders', { timeout: 120_000 }, () => {
  let workbench: Workbench;
  const outside = join(dir, 'host-folder');
  const interpreter = join(REPO, 'guests/build/line-interpreter.wasm');

  before(async () => {
    writeWorkspace(outside, '', { 'secret.txt': 'a host file' });
    const root = writeWorkspace(
      join(dir, 'interpreter'),
      `[runtime.lines]
kind = "js"
interpreter = "${interpreter}"
preopens = [ { host_path = "${outside}", guest_path = "/data" } ]

[agents.reader]
runtime = "lines"
script = "reader.js"
`,
      { 'reader.js': 'read /data/secret.txt\nexit\n' },
    );
    workbench = await openWorkbench(root);
  });
  after(async () => {
    await workbench.close();
  });

  it('is held back: its agent does not start, and says why', async () => {
    const [held] = workbench.workspace().trust.held;
    assert.deepEqual(held, {
      kind: 'runtime',
      subject: 'runtime "lines"',
      where: 'omw.toml:3',
      text: `interpreter ${interpreter} with host folder ${outside} as /data (read-only)`,
    });
    const agent = workbench.workspace().agents[0]!;
    assert.equal(agent.status.state, 'failed');
    const result = await workbench.step('reader');
    assert.equal(result.kind, 'failed');
    assert.match(
      result.kind === 'failed' ? result.error : '',
      /runtime "lines" is held back: this workspace is not trusted/,
    );
  });

  it('starts once the folder is trusted, and reads the folder it was given', async () => {
    await workbench.trustWorkspace();
    const result = await workbench.step('reader');
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: 'read /data/secret.txt: a host file' } });
  });
});
