import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadTestConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const ROOT_BASE = `
[runtime.js]
kind = "js"

[agents.alice]
runtime = "js"
script = "brains/alice.js"

[agents.bob]
runtime = "js"
script = "brains/bob.js"

[providers.main]
kind = "mock"
models = ["a", "b"]
turns = [{ content = "from root" }]

[tunables]
inbox_bound = 5
trace_buffer = 6
`;

const SUITE_BASE = `
agents:
  bob:
    script: local/bob.js
providers:
  main:
    models: [c]
tunables:
  trace_buffer: 7
`;

const TEST_FILE = `
[agents.carol]
runtime = "js"
script = "carol.js"

[providers.main]
turns = [{ content = "from test" }, { content = "again" }]

[assertions.alice]
outcome = "completed"
`;

function workspace() {
  return fixtureDir({
    'omw.test.base.toml': ROOT_BASE,
    'suite/omw.test.base.yaml': SUITE_BASE,
    'suite/cases/greeting.omw.test.toml': TEST_FILE,
    'unrelated/omw.test.base.toml': 'tunables = { inbox_bound = 99 }',
  });
}

describe('test config layering', () => {
  it('layers every base from the root down, then the test file', () => {
    const root = workspace();
    const test = join(root, 'suite/cases/greeting.omw.test.toml');
    const config = loadTestConfig(test, { root, env: {} });

    assert.deepEqual(config.layers, [join(root, 'omw.test.base.toml'), join(root, 'suite/omw.test.base.yaml'), test]);
    assert.equal(config.file, test);
    assert.deepEqual(Object.keys(config.agents), ['alice', 'bob', 'carol']);
  });

  it('resolves each relative script against the directory of the layer that wrote it', () => {
    const root = workspace();
    const test = join(root, 'suite/cases/greeting.omw.test.toml');
    const { agents } = loadTestConfig(test, { root, env: {} });

    assert.deepEqual(agents['alice'], {
      runtime: 'js',
      script: join(root, 'brains/alice.js'),
      declaredIn: join(root, 'omw.test.base.toml'),
    });
    // The suite base only overrides bob's script; the runtime still comes from the root base.
    assert.deepEqual(agents['bob'], {
      runtime: 'js',
      script: join(root, 'suite/local/bob.js'),
      declaredIn: join(root, 'suite/omw.test.base.yaml'),
    });
    assert.equal(agents['carol']?.script, join(root, 'suite/cases/carol.js'));
  });

  it('merges tables key by key while lists and scalars replace', () => {
    const root = workspace();
    const config = loadTestConfig(join(root, 'suite/cases/greeting.omw.test.toml'), { root, env: {} });

    assert.deepEqual(config.providers['main']?.params, {
      models: ['c'],
      turns: [{ content: 'from test' }, { content: 'again' }],
    });
    assert.equal(config.tunables.inbox_bound, 5);
    assert.equal(config.tunables.trace_buffer, 7);
    assert.deepEqual(config.assertions, { alice: { outcome: 'completed' } });
  });

  it('locates each key in the last layer that set it', () => {
    const root = workspace();
    const test = join(root, 'suite/cases/greeting.omw.test.toml');
    const config = loadTestConfig(test, { root, env: {} });

    assert.deepEqual(config.locate(['providers', 'main', 'turns', 1, 'content']), { file: test, line: 7, column: 39 });
    assert.deepEqual(config.locate(['providers', 'main', 'models', 0]), {
      file: join(root, 'suite/omw.test.base.yaml'),
      line: 7,
      column: 14,
    });
    assert.deepEqual(config.providers['main']?.location, {
      file: join(root, 'omw.test.base.toml'),
      line: 14,
      column: 1,
    });
  });

  it('applies OMW_TEST__ variables last and ignores OMW__ ones', () => {
    const root = workspace();
    const config = loadTestConfig(join(root, 'suite/cases/greeting.omw.test.toml'), {
      root,
      env: { OMW_TEST__TUNABLES__INBOX_BOUND: '11', OMW__TUNABLES__TRACE_BUFFER: '12' },
    });
    assert.equal(config.tunables.inbox_bound, 11);
    assert.equal(config.tunables.trace_buffer, 7);
  });

  it('reads only the test directory by default', () => {
    const root = workspace();
    const test = join(root, 'suite/cases/greeting.omw.test.toml');
    const error = configErrorOf(() => loadTestConfig(test, { env: {} }));
    // Without the bases, the test's provider has no kind.
    assert.equal(error.message, `${test}:6:12: providers.main.kind: expected a kind naming the back end (missing)`);
  });

  it('never reaches above the root', () => {
    const root = workspace();
    const error = configErrorOf(() =>
      loadTestConfig(join(root, 'suite/cases/greeting.omw.test.toml'), { root: join(root, 'suite'), env: {} }),
    );
    // bob's runtime lives in the root's base, which is above the given root.
    const suiteBase = join(root, 'suite/omw.test.base.yaml');
    assert.equal(error.message, `${suiteBase}:3:3: agents.bob.runtime: expected a string (missing)`);
  });

  it('rejects a test outside the root', () => {
    const root = workspace();
    const error = configErrorOf(() =>
      loadTestConfig(join(root, 'suite/cases/greeting.omw.test.toml'), { root: join(root, 'unrelated'), env: {} }),
    );
    assert.match(error.message, /expected a test inside the discovery root/);
  });
});
