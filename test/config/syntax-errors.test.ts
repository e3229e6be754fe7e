import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

const NO_ENV = {};

function syntaxErrorIn(name: string, contents: string) {
  const dir = fixtureDir({ [name]: contents });
  const error = configErrorOf(() => loadConfig(join(dir, name), { env: NO_ENV }));
  assert.equal(error.file, join(dir, name));
  return error;
}

describe('syntax errors', () => {
  it('reports a TOML error at the parser position', () => {
    const error = syntaxErrorIn('omw.toml', '[agents.alice]\nruntime = "js"\nscript = = "x"\n');
    assert.deepEqual([error.line, error.column], [3, 10]);
    assert.equal(error.keyPath, undefined);
    assert.match(error.message, /omw\.toml:3:10: invalid value$/);
  });

  it('rejects a TOML key defined twice', () => {
    const error = syntaxErrorIn('omw.toml', 'a = 1\n\na = 2\n');
    assert.deepEqual([error.line, error.column], [3, 1]);
    assert.match(error.problem, /redefine/);
  });

  it('reports a YAML error at the parser position, without the code frame', () => {
    const error = syntaxErrorIn('omw.yaml', 'agents:\n  alice:\n    runtime: [js,\n    script: x\n');
    assert.deepEqual([error.line, error.column], [4, 5]);
    assert.match(error.message, /omw\.yaml:4:5: Flow sequence in block collection must be .* end with a \]$/);
  });

  it('rejects duplicate YAML keys at the second one', () => {
    const error = syntaxErrorIn('omw.yml', 'tunables:\n  inbox_bound: 1\n  inbox_bound: 2\n');
    assert.deepEqual([error.line, error.column], [3, 3]);
    assert.match(error.message, /omw\.yml:3:3: Map keys must be unique$/);
  });

  it('reports a JSON error at the offending character', () => {
    const error = syntaxErrorIn(
      'omw.json',
      '{\n  "agents": {\n    "alice": { "runtime": "js" "script": "x" }\n  }\n}\n',
    );
    assert.deepEqual([error.line, error.column], [3, 32]);
    assert.match(error.message, /omw\.json:3:32: comma expected$/);
  });

  it('rejects trailing commas and comments in JSON, as omw does', () => {
    assert.deepEqual(
      [syntaxErrorIn('omw.json', '{"tunables": {},\n}').line, syntaxErrorIn('omw.json', '{\n// no\n}').line],
      [2, 2],
    );
  });

  it('rejects a document that is not a table', () => {
    const error = syntaxErrorIn('omw.json', '[1, 2]');
    assert.match(error.message, /omw\.json:1:1: expected a table of configuration keys$/);
  });
});
