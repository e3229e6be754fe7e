// What may name an agent, provider, tool server or runtime (main/config/config-names.ts), the rule
// recordings are checked by too: a path separator, a control character, `.`, `..` or nothing is
// refused at its key; any other key, `constructor` or a name with spaces, is an ordinary name.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const load = (text: string) => {
  const dir = fixtureDir({ 'omw.toml': text });
  return { file: join(dir, 'omw.toml'), load: () => loadConfig(join(dir, 'omw.toml'), { env: {} }) };
};

describe('names in a config', () => {
  it('refuses a name that holds a path separator, at its key', () => {
    const { file, load: loadIt } = load(
      '[runtime.js]\nkind = "js"\n\n[agents."../../home/u/.bashrc"]\nruntime = "js"\nscript = "a.js"\n',
    );
    const error = configErrorOf(loadIt);
    assert.equal(
      error.message,
      `${file}:4:9: agents["../../home/u/.bashrc"]: "../../home/u/.bashrc" cannot name an agent: it holds "/", a path separator`,
    );
  });

  it('refuses ".." as a runtime, an empty provider name and a control character in a tool server name', () => {
    const cases: [string, RegExp][] = [
      ['[runtime.".."]\nkind = "js"\n', /"\.\." cannot name a runtime: it names a folder$/],
      ['[providers.""]\nkind = "mock"\n', /"" cannot name a provider: it is empty$/],
      [
        '[tooling."a\\u001bb"]\nkind = "mock"\n',
        /"a\\u001bb" cannot name a tool server: it holds a control character$/,
      ],
      ['[memory."a\\\\b"]\nk = "v"\n', /"a\\\\b" cannot name an agent: it holds "\\", a path separator$/],
    ];
    for (const [text, expected] of cases) assert.match(configErrorOf(load(text).load).message, expected, text);
  });

  it('takes constructor, toString and names with spaces or dots as ordinary names', () => {
    const config = load(
      '[runtime.js]\nkind = "js"\n[agents.constructor]\nruntime = "js"\nscript = "c.js"\n' +
        '[agents.toString]\nruntime = "js"\nscript = "t.js"\n[agents."research bot.v2"]\nruntime = "js"\nscript = "r.js"\n',
    ).load();
    assert.deepEqual(Object.keys(config.agents), ['constructor', 'research bot.v2', 'toString']);
  });
});
