// TOML completion in the workbench's editor, from the host's config schema.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testConfigJsonSchema } from '../../main/json-schema/config-json-schema.ts';
import { tomlCompletions } from '../../renderer/src/features/editor/monaco/toml-schema-completion.ts';

const schema = testConfigJsonSchema();

/** Completions where `|` stands in `text`. */
function at(textWithCursor: string) {
  const offset = textWithCursor.indexOf('|');
  return tomlCompletions(schema, textWithCursor.replace('|', ''), offset);
}
const labels = (textWithCursor: string) => at(textWithCursor).map((c) => c.label);

test('a back end table offers the keys of the kind it names, not those it has', () => {
  const keys = labels('[tooling.calc]\nkind = "mock"\ntools = []\n|\n\n[agents.a]\nruntime = "js"\n');
  assert.ok(keys.includes('tool_calls'), keys.join());
  assert.ok(keys.includes('delay_ms'), keys.join());
  assert.ok(!keys.includes('tools') && !keys.includes('kind'), 'keys already present are left out');
  assert.ok(!keys.includes('transport'), 'mcp keys are not offered to a mock');
  const mcp = labels('[tooling.web]\nkind = "mcp"\n|');
  assert.ok(mcp.includes('transport') && mcp.includes('url') && !mcp.includes('tool_calls'), mcp.join());
});

test('values: back-end kinds, enums and booleans', () => {
  assert.deepEqual(labels('[providers.llm]\nkind = "|"'), ['mock', 'openai', 'anthropic']);
  assert.deepEqual(
    at('[providers.llm]\nkind = |').map((c) => c.insertText),
    ['"mock"', '"openai"', '"anthropic"'],
  );
  assert.deepEqual(labels('[runtime.r]\nkind = "rhai"\ninherit_env = |'), ['true', 'false']);
  assert.ok(labels('[runtime.r]\nkind = "|"').includes('rhai'));
});

test('tables without kinds: agents, tunables; and the rhai runtime limits', () => {
  assert.deepEqual(labels('[agents.alice]\nruntime = "js"\n|').sort(), ['script']);
  assert.ok(labels('[tunables]\n|').includes('test_timeout_secs'));
  assert.ok(labels('[runtime.r]\nkind = "rhai"\n|').includes('max_operations'));
  assert.ok(!labels('[runtime.j]\nkind = "js"\n|').includes('max_operations'));
});

test('nothing is offered inside a value or on a header line', () => {
  assert.deepEqual(labels('[tooling.calc]\nkind = "mock"\ndelay_ms = 5|'), []);
  assert.deepEqual(labels('[agents.alice]\nscript = "brain|.js"'), []);
});
