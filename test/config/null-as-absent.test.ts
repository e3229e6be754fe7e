// omw's JSON Schemas let an optional value be `null` (its optional values are Rust `Option`s), so a
// YAML or JSON config written for omw may hold nulls: Brainbench loads them as absent, and its own
// emitted schema accepts exactly what its loader accepts.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { stringify } from 'yaml';
import { loadConfig } from '../../main/config/load-config.ts';
import { testConfigJsonSchema } from '../../main/json-schema/config-json-schema.ts';
import { parseParams } from '../../main/config/params/parse-params.ts';
import { PROVIDER_KINDS } from '../../main/providers/provider-kinds.ts';
import { TOOLING_KINDS } from '../../main/tooling/tooling-kinds.ts';
import { ENDPOINT_KINDS } from '../../main/endpoint/endpoint-kinds.ts';
import { agentInit } from '../../main/supervisor/agent-init.ts';
import { fixtureDir } from './fixture-dir.ts';

const validate = new Ajv2020({ strict: false, allErrors: true }).compile(testConfigJsonSchema());

/** Every optional value the issue names, set to null, in a config omw's schema accepts. */
const WITH_NULLS = {
  runtime: { py: { kind: 'python', interpreter: null } },
  agents: { a: { runtime: 'py', script: 'a.py' } },
  providers: {
    llm: { kind: 'openai', api_key: null, base_url: null, model: null, params: null, timeout_ms: null },
    claude: { kind: 'anthropic', api_key: null, base_url: null, model: null, params: null },
    mock: {
      kind: 'mock',
      turns: [
        {
          content: 'hi',
          reasoning: null,
          tool_call: null,
          error: null,
          usage: { prompt_tokens: null, completion_tokens: 3, total_tokens: null },
        },
      ],
    },
  },
  tooling: {
    web: { kind: 'mcp', transport: 'http', url: 'http://127.0.0.1/mcp', auth_token: null },
    calc: {
      kind: 'mock',
      tools: [{ name: 'add', description: null, input_schema: {}, output_schema: null }],
      tool_calls: [{ name: 'add', result: '3', error: null, structured_content: null }],
      initial_resource_list: [{ uri: 'a://b', name: 'b', description: null, mime_type: null }],
    },
  },
  endpoint: null,
};

const WITH_ENDPOINT_NULLS = {
  ...WITH_NULLS,
  endpoint: {
    kind: 'mock',
    requests: [
      {
        model: 'm',
        session_id: 's',
        messages: [{ role: 'user', content: null, reasoning: null }],
        session_end: null,
      },
    ],
  },
};

for (const [label, config] of [
  ['a JSON config', WITH_NULLS],
  ['a YAML config with an endpoint mock', WITH_ENDPOINT_NULLS],
] as const) {
  test(`${label} with omw's nulls loads, reads them as absent, and fits the emitted schema`, () => {
    const dir = fixtureDir({ 'a.py': 'pass\n' });
    const file = label.includes('YAML') ? join(dir, 'omw.yaml') : join(dir, 'omw.json');
    writeFileSync(file, label.includes('YAML') ? stringify(config) : JSON.stringify(config));
    const loaded = loadConfig(file, { env: {} });
    assert.equal(validate(config), true, JSON.stringify(validate.errors));
    for (const [name, impl] of Object.entries(loaded.providers)) {
      const params = parseParams(PROVIDER_KINDS[impl.kind]!.params, impl, loaded, ['providers', name]) as Record<
        string,
        unknown
      >;
      for (const key of ['api_key', 'base_url', 'model', 'params'])
        assert.equal(params[key], undefined, `${name}.${key}`);
    }
    const mock = parseParams(PROVIDER_KINDS.mock!.params, loaded.providers.mock!, loaded, ['providers', 'mock']) as {
      turns: { reasoning?: string; usage?: { completion_tokens?: number; prompt_tokens?: number } }[];
    };
    assert.equal(mock.turns[0]!.reasoning, undefined);
    assert.equal(mock.turns[0]!.usage!.completion_tokens, 3);
    assert.equal(mock.turns[0]!.usage!.prompt_tokens, undefined);
    for (const [name, impl] of Object.entries(loaded.tooling)) {
      assert.doesNotThrow(() => parseParams(TOOLING_KINDS[impl.kind]!.params, impl, loaded, ['tooling', name]), name);
    }
    if (loaded.endpoint) {
      assert.doesNotThrow(() => parseParams(ENDPOINT_KINDS.mock!.params, loaded.endpoint!, loaded, ['endpoint']));
    }
    assert.equal((agentInit(loaded, 'a').runtime.params as { interpreter?: string }).interpreter, undefined);
  });
}

test('a null where omw has no optional value is still refused, by the loader and by the schema', () => {
  const dir = fixtureDir({ 'a.py': 'pass\n' });
  const config = { ...WITH_NULLS, runtime: { py: { kind: 'python', max_busy_ms: null } } };
  const file = join(dir, 'omw.json');
  writeFileSync(file, JSON.stringify(config));
  const loaded = loadConfig(file, { env: {} });
  assert.throws(() => agentInit(loaded, 'a'), /max_busy_ms/);
  assert.equal(validate(config), false);
});
