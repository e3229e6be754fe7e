import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { addAgentToConfig, setAgentScript } from '../../main/workbench/config-edit.ts';

const config = (file: string, text: string) => loadConfig(file, { text, env: {} });

describe('config edits made for the user', () => {
  it('appends a new agent (and a runtime of its kind) to TOML, keeping everything else', () => {
    const text = '# keep me\n[runtime.js]\nkind = "js"\n';
    const out = addAgentToConfig('/w/omw.toml', text, config('/w/omw.toml', text), 'b', 'rhai', 'brains/b.rhai');
    assert.ok(out.startsWith(text));
    const loaded = config('/w/omw.toml', out);
    assert.equal(loaded.runtime.rhai?.kind, 'rhai');
    assert.equal(loaded.agents.b?.runtime, 'rhai');
    assert.equal(loaded.agents.b?.script, '/w/brains/b.rhai');
  });

  it('edits YAML with its comments, and JSON', () => {
    const yaml = '# keep me\nruntime:\n  r: { kind: rhai }  # inline\nagents:\n  a: { runtime: r, script: a.rhai }\n';
    const added = addAgentToConfig('/w/omw.yaml', yaml, config('/w/omw.yaml', yaml), 'b', 'rhai', 'b.rhai');
    assert.match(added, /# keep me/);
    assert.match(added, /# inline/);
    assert.equal(config('/w/omw.yaml', added).agents.b?.runtime, 'r');
    const moved = setAgentScript('/w/omw.yaml', added, 'a', 'other.rhai');
    assert.equal(config('/w/omw.yaml', moved).agents.a?.script, '/w/other.rhai');

    const json = JSON.stringify({ runtime: { r: { kind: 'js' } }, agents: { a: { runtime: 'r', script: 'a.js' } } });
    const jsonOut = setAgentScript('/w/omw.json', json, 'a', 'b.js');
    assert.equal(config('/w/omw.json', jsonOut).agents.a?.script, '/w/b.js');
  });

  it('replaces only the script line of that agent’s TOML table', () => {
    const text = '[agents.a]\nruntime = "r"\nscript = "a.rhai"\n\n[agents.ab]\nruntime = "r"\nscript = "ab.rhai"\n';
    const out = setAgentScript('/w/omw.toml', text, 'a', 'x.wasm');
    assert.equal(out, text.replace('script = "a.rhai"', 'script = "x.wasm"'));
    assert.throws(() => setAgentScript('/w/omw.toml', text, 'zz', 'x'), /no \[agents\.zz\] table/);
  });
});
