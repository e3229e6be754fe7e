import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { parseParams } from '../../main/config/params/parse-params.ts';
import { interpretedRuntimeParamsSchema } from '../../main/runtimes/runtime-params.ts';
import { openaiProviderParamsSchema } from '../../main/providers/openai/openai-provider-params.ts';
import { mcpToolingParamsSchema } from '../../main/tooling/mcp/mcp-tooling-params.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const BASE = `
[runtime.js]
kind = "js"
max_busy_ms = 100

[agents.alice]
runtime = "js"
script = "alice.js"

[providers.openai]
kind = "openai"
model = "gpt-4o"

[tooling.mcp]
kind = "mcp"
transport = "stdio"
command = "server"

[tunables]
inbox_bound = 10
`;

function loadWith(env: Record<string, string | undefined>, envPrefix?: string) {
  const dir = fixtureDir({ 'omw.toml': BASE });
  return loadConfig(join(dir, 'omw.toml'), { env, ...(envPrefix ? { envPrefix } : {}) });
}

describe('environment overlay', () => {
  it('sets keys by path, lower-casing segments, and wins over the file', () => {
    const config = loadWith({
      OMW__PROVIDERS__OPENAI__API_KEY: 'sk-1',
      OMW__PROVIDERS__OPENAI__MODEL: 'gpt-5',
      OMW__AGENTS__ALICE__SCRIPT: '/brains/alice.js',
    });
    assert.deepEqual(config.providers['openai']?.params, { model: 'gpt-5', api_key: 'sk-1' });
    assert.deepEqual(config.agents['alice'], {
      runtime: 'js',
      script: '/brains/alice.js',
      declaredIn: '<environment>',
    });
  });

  it('matches the prefix case-insensitively and ignores other variables', () => {
    const config = loadWith({ omw__Tunables__Trace_Buffer: '7', OMW_TUNABLES__TRACE_BUFFER: '8', PATH: '/bin' });
    assert.equal(config.tunables.trace_buffer, 7);
  });

  it('keeps the case of keys after the free-form maps', () => {
    const config = loadWith({
      OMW__TOOLING__MCP__ENV__GITHUB_TOKEN: 'ghp',
      OMW__RUNTIME__JS__ENV__Home_Dir: '/home',
      OMW__PROVIDERS__OPENAI__PARAMS__Reasoning_Effort: 'high',
      OMW__MEMORY__ALICE__FavoriteColor: 'blue',
    });
    assert.deepEqual(config.tooling['mcp']?.params['env'], { GITHUB_TOKEN: 'ghp' });
    assert.deepEqual(config.runtime['js']?.params['env'], { Home_Dir: '/home' });
    assert.deepEqual(config.providers['openai']?.params['params'], { Reasoning_Effort: 'high' });
    assert.deepEqual(config.memory, { alice: { FavoriteColor: 'blue' } });
  });

  it('coerces TOML scalars for number and boolean fields', () => {
    const config = loadWith({
      OMW__TUNABLES__INBOX_BOUND: '1_000',
      OMW__TUNABLES__RECV_SLICE_MS: '0x10',
      OMW__TUNABLES__CANCEL_PUMPS_ON_RELOAD: 'false',
      OMW__RUNTIME__JS__MAX_BUSY_MS: '250',
      OMW__RUNTIME__JS__INHERIT_ENV: 'true',
      OMW__RUNTIME__JS__INSECURE_RANDOM_SEED: '42',
    });
    assert.equal(config.tunables.inbox_bound, 1000);
    assert.equal(config.tunables.recv_slice_ms, 16);
    assert.equal(config.tunables.cancel_pumps_on_reload, false);

    const js = config.runtime['js'];
    assert.ok(js);
    const params = parseParams(interpretedRuntimeParamsSchema, js, config, ['runtime', 'js']);
    assert.equal(params.max_busy_ms, 250);
    assert.equal(params.inherit_env, true);
    assert.equal(params.insecure_random_seed, 42);
  });

  it('leaves number-looking text alone where a string is expected', () => {
    const config = loadWith({ OMW__PROVIDERS__OPENAI__MODEL: '123', OMW__TOOLING__MCP__ARGS: '1' });
    const openai = config.providers['openai'];
    assert.ok(openai);
    assert.equal(parseParams(openaiProviderParamsSchema, openai, config, ['providers', 'openai']).model, '123');

    // A list cannot be written as one variable; the string is reported, not reinterpreted.
    const mcp = config.tooling['mcp'];
    assert.ok(mcp);
    const error = configErrorOf(() => parseParams(mcpToolingParamsSchema, mcp, config, ['tooling', 'mcp']));
    assert.equal(error.message, '$OMW__TOOLING__MCP__ARGS:1:1: tooling.mcp.args: expected a list (found "1")');
  });

  it('never coerces a typed value that came from a file', () => {
    const dir = fixtureDir({ 'omw.yaml': 'tunables:\n  inbox_bound: "10"\n' });
    const error = configErrorOf(() => loadConfig(join(dir, 'omw.yaml'), { env: {} }));
    assert.equal(error.message, `${join(dir, 'omw.yaml')}:2:3: tunables.inbox_bound: expected a number (found "10")`);
  });

  it('names the variable when its text does not fit the field', () => {
    const error = configErrorOf(() => loadWith({ OMW__TUNABLES__ALLOW_UNLOCKED_SECRETS: 'yes' }));
    assert.equal(
      error.message,
      '$OMW__TUNABLES__ALLOW_UNLOCKED_SECRETS:1:1: tunables.allow_unlocked_secrets: expected true or false (found "yes")',
    );
    const fraction = configErrorOf(() => loadWith({ OMW__TUNABLES__INBOX_BOUND: '2.5' }));
    assert.equal(
      fraction.message,
      '$OMW__TUNABLES__INBOX_BOUND:1:1: tunables.inbox_bound: expected an integer (found 2.5)',
    );
  });

  it('uses the prefix it is given', () => {
    const config = loadWith({ OMW__TUNABLES__TRACE_BUFFER: '1', OMW_TEST__TUNABLES__TRACE_BUFFER: '2' }, 'OMW_TEST__');
    assert.equal(config.tunables.trace_buffer, 2);
  });

  it('skips variables with an empty path segment', () => {
    const config = loadWith({ OMW__: 'x', OMW__TUNABLES____INBOX_BOUND: '3' });
    assert.equal(config.tunables.inbox_bound, 10);
  });

  it('locates values by the variable that set them, and file values in the file', () => {
    const config = loadWith({ OMW__TUNABLES__TRACE_BUFFER: '1' });
    assert.deepEqual(config.locate(['tunables', 'trace_buffer']), {
      file: '$OMW__TUNABLES__TRACE_BUFFER',
      line: 1,
      column: 1,
    });
    assert.equal(config.locate(['tunables', 'inbox_bound'])?.line, 20);
    // The table itself stays where the file declared it.
    assert.equal(config.locate(['tunables'])?.line, 19);
    assert.equal(config.setByEnvironment(['tunables', 'trace_buffer']), true);
    assert.equal(config.setByEnvironment(['tunables', 'inbox_bound']), false);
  });
});
