import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { findDefaultConfig, loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const NO_ENV = {};

const TOML = `
[agents.alice]
runtime = "js"
script = "alice.js"

[runtime.js]
kind = "js"

[providers.main]
kind = "openai"
model = "gpt"
params = { temperature = 0.5 }
`;

const YAML = `
agents:
  alice:
    runtime: js
    script: alice.js
runtime:
  js:
    kind: js
providers:
  main:
    kind: openai
    model: gpt
    params:
      temperature: 0.5
`;

const JSON_TEXT = JSON.stringify(
  {
    agents: { alice: { runtime: 'js', script: 'alice.js' } },
    runtime: { js: { kind: 'js' } },
    providers: { main: { kind: 'openai', model: 'gpt', params: { temperature: 0.5 } } },
  },
  null,
  2,
);

describe('config formats', () => {
  for (const [name, contents] of [
    ['omw.toml', TOML],
    ['omw.yaml', YAML],
    ['omw.yml', YAML],
    ['omw.json', JSON_TEXT],
    ['OMW.TOML', TOML],
  ] as const) {
    it(`reads ${name} into the same model`, () => {
      const dir = fixtureDir({ [name]: contents });
      const config = loadConfig(join(dir, name), { env: NO_ENV });

      assert.equal(config.file, join(dir, name));
      assert.deepEqual(config.agents, {
        alice: { runtime: 'js', script: join(dir, 'alice.js'), declaredIn: join(dir, name) },
      });
      assert.deepEqual(config.runtime['js']?.params, {});
      assert.equal(config.providers['main']?.kind, 'openai');
      assert.deepEqual(config.providers['main']?.params, { model: 'gpt', params: { temperature: 0.5 } });
      assert.equal(config.endpoint, undefined);
    });
  }

  it('locates keys in YAML and JSON as well as TOML', () => {
    const dir = fixtureDir({ 'omw.toml': TOML, 'omw.yaml': YAML, 'omw.json': JSON_TEXT });
    const locations = ['omw.toml', 'omw.yaml', 'omw.json'].map(
      (name) => loadConfig(join(dir, name), { env: NO_ENV }).providers['main']?.location,
    );
    assert.deepEqual(locations, [
      { file: join(dir, 'omw.toml'), line: 10, column: 1 },
      { file: join(dir, 'omw.yaml'), line: 11, column: 5 },
      { file: join(dir, 'omw.json'), line: 15, column: 7 },
    ]);
  });

  it('lets an explicit format override the extension', () => {
    const dir = fixtureDir({ 'config.txt': YAML });
    const config = loadConfig(join(dir, 'config.txt'), { format: 'yaml', env: NO_ENV });
    assert.equal(config.agents['alice']?.runtime, 'js');
  });

  it('rejects a file whose extension names no format', () => {
    const dir = fixtureDir({ 'config.txt': TOML });
    const error = configErrorOf(() => loadConfig(join(dir, 'config.txt'), { env: NO_ENV }));
    assert.match(error.message, /config\.txt: expected a \.toml, \.yaml, \.yml or \.json extension/);
  });

  it('reads given text instead of the file, resolving stdin scripts against the process directory', () => {
    const config = loadConfig('-', { format: 'json', text: JSON_TEXT, env: NO_ENV });
    assert.equal(config.file, '<stdin>');
    assert.equal(config.agents['alice']?.script, join(process.cwd(), 'alice.js'));
  });

  it('needs a format for standard input', () => {
    const error = configErrorOf(() => loadConfig('/dev/stdin', { text: TOML, env: NO_ENV }));
    assert.match(error.message, /^<stdin>: reading standard input needs an explicit format/);
  });

  it('accepts TOML 1.1 multi-line inline tables with trailing commas', () => {
    const dir = fixtureDir({
      'omw.toml': `
[endpoint]
kind = "mock"
requests = [ { model = "m",
  session_id = "s", # a comment inside the inline table
  },
  {
    model = "n",
    session_id = "t",
    session_end = { close = 2, },
  }, ]
`,
    });
    const config = loadConfig(join(dir, 'omw.toml'), { env: NO_ENV });
    assert.deepEqual(config.endpoint?.params, {
      requests: [
        { model: 'm', session_id: 's' },
        { model: 'n', session_id: 't', session_end: { close: 2 } },
      ],
    });
    assert.deepEqual(config.locate(['endpoint', 'requests', 1, 'session_id']), {
      file: join(dir, 'omw.toml'),
      line: 9,
      column: 5,
    });
  });

  it('ignores unknown top-level keys and keeps assertions raw', () => {
    const dir = fixtureDir({
      'omw.toml': `
whatever = 1
[assertions.alice]
outcome = "completed"
`,
    });
    const config = loadConfig(join(dir, 'omw.toml'), { env: NO_ENV });
    assert.deepEqual(config.assertions, { alice: { outcome: 'completed' } });
    assert.deepEqual(config.agents, {});
  });

  it('treats an empty file as an empty configuration', () => {
    const dir = fixtureDir({ 'omw.toml': '', 'omw.yaml': '' });
    for (const name of ['omw.toml', 'omw.yaml']) {
      const config = loadConfig(join(dir, name), { env: NO_ENV });
      assert.deepEqual([config.agents, config.providers, config.memory], [{}, {}, {}]);
    }
  });
});

describe('default config discovery', () => {
  it('prefers omw.toml, then omw.yaml, omw.yml, omw.json', () => {
    assert.equal(findDefaultConfig(fixtureDir({ 'omw.json': '{}', 'omw.yml': '' })).endsWith('omw.yml'), true);
    assert.equal(findDefaultConfig(fixtureDir({ 'omw.json': '{}', 'omw.toml': '' })).endsWith('omw.toml'), true);
    const onlyJson = fixtureDir({ 'omw.json': '{}' });
    assert.equal(findDefaultConfig(onlyJson), join(onlyJson, 'omw.json'));
  });

  it('fails when the directory has none', () => {
    const dir = fixtureDir({ 'other.toml': '' });
    const error = configErrorOf(() => findDefaultConfig(dir));
    assert.equal(error.file, dir);
    assert.match(error.message, /expected a config file: one of omw\.toml, omw\.yaml, omw\.yml, omw\.json/);
  });
});
