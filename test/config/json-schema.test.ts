// `brainbench schema`: the JSON Schema of a test config accepts every example as layered and
// rejects what the config loader rejects, checked with a real JSON Schema validator.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'smol-toml';
import { testConfigJsonSchema } from '../../main/json-schema/config-json-schema.ts';
import { environmentOverlay } from '../../main/config/environment-overlay.ts';
import { layerDocuments } from '../../main/config/layered-config.ts';
import { loadTestConfig } from '../../main/config/load-config.ts';
import { readConfigDocument } from '../../main/config/read-config-document.ts';
import { discoverTests } from '../../main/testing/discover-tests.ts';

const validate = new Ajv2020({ strict: false, allErrors: true }).compile(testConfigJsonSchema());
const errorsOf = (config: unknown): string =>
  validate(config) ? '' : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');

test('every example test config, layered on its bases, fits the schema', () => {
  const tests = discoverTests('examples');
  assert.ok(tests.length >= 30, `only ${tests.length} example tests`);
  for (const { file, label } of tests) {
    const layers = loadTestConfig(file, { root: 'examples', env: {} }).layers.map((layer) => readConfigDocument(layer));
    const merged = layerDocuments(layers, environmentOverlay({}, 'OMW_TEST__')).data;
    assert.equal(errorsOf(merged), '', label);
  }
});

test('the schema rejects unknown kinds, misspelt keys and malformed assertions', () => {
  const config = (toml: string) =>
    parse(`[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n${toml}`);
  assert.equal(errorsOf(config('[tooling.calc]\nkind = "mock"\ntool_calls = []\n')), '');
  assert.notEqual(errorsOf(config('[tooling.calc]\nkind = "mock"\ntool_call = []\n')), '');
  assert.notEqual(errorsOf(config('[providers.llm]\nkind = "gpt"\n')), '');
  assert.notEqual(errorsOf(config('[tooling.web]\nkind = "mcp"\ntransport = "http"\n')), '', 'http needs a url');
  assert.equal(errorsOf(config('[tooling.web]\nkind = "mcp"\ntransport = "http"\nurl = "http://127.0.0.1/mcp"\n')), '');
  assert.notEqual(errorsOf(config('[runtime.lua]\nkind = "js"\nmax_busy = 5\n')), '', 'a misspelt runtime param');
  assert.notEqual(errorsOf(config('[assertions.alice]\nevents = [ { kind = "sent" } ]\n')), '');
  assert.equal(
    errorsOf(
      config('[assertions.alice]\noutcome = "completed"\nevents = [ { "$while" = { kind = "call", op = "log" } } ]\n'),
    ),
    '',
  );
  assert.notEqual(errorsOf(parse('[agents.alice]\nscript = "b.js"\n')), '', 'an agent needs its runtime');
});

test('brainbench schema prints the schema, or writes it with --output', () => {
  const cli = spawnSync(process.execPath, ['bin/brainbench.mjs', 'schema'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout), testConfigJsonSchema());
});
