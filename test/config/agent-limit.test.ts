import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

function agentsToml(count: number, tunables = ''): string {
  const agents = Array.from({ length: count }, (_, index) => `[agents.a${index}]\nruntime = "js"\nscript = "a.js"\n`);
  return `${tunables}[runtime.js]\nkind = "js"\n\n${agents.join('\n')}`;
}

function agentsJson(count: number): string {
  const agents = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`a${index}`, { runtime: 'js', script: 'a.js' }]),
  );
  return JSON.stringify({ runtime: { js: { kind: 'js' } }, agents }, null, 2);
}

const load = (file: string) => loadConfig(file, { env: {} });

describe('the agent limit (tunables.max_agents)', () => {
  it('loads 64 agents, the default, and refuses a 65th at the agents table', () => {
    const dir = fixtureDir({ 'at.toml': agentsToml(64), 'over.toml': agentsToml(65) });
    assert.equal(Object.keys(load(join(dir, 'at.toml')).agents).length, 64);

    const error = configErrorOf(() => load(join(dir, 'over.toml')));
    assert.equal(error.file, join(dir, 'over.toml'));
    assert.deepEqual([error.line, error.column, error.keyPath], [4, 2, 'agents']);
    assert.equal(
      error.problem,
      'expected at most 64 agents, since each runs as its own process (raise tunables.max_agents to allow more)',
    );
    assert.equal(error.found, 'found 65');
  });

  it('refuses hundreds of thousands of agents the same way, in JSON too', () => {
    const dir = fixtureDir({ 'omw.json': agentsJson(200_000) });
    const error = configErrorOf(() => load(join(dir, 'omw.json')));
    assert.deepEqual([error.line, error.column], [7, 3]);
    assert.match(error.message, /omw\.json:7:3: agents: expected at most 64 agents, .* \(found 200000\)$/);
  });

  it('follows the tunable where a workspace needs more, or fewer', () => {
    const dir = fixtureDir({
      'more.toml': agentsToml(65, '[tunables]\nmax_agents = 100\n\n'),
      'fewer.toml': agentsToml(3, '[tunables]\nmax_agents = 2\n\n'),
    });
    assert.equal(Object.keys(load(join(dir, 'more.toml')).agents).length, 65);
    assert.match(configErrorOf(() => load(join(dir, 'fewer.toml'))).message, /at most 2 agents.*\(found 3\)$/);
  });

  it('needs at least one agent allowed', () => {
    const dir = fixtureDir({ 'omw.toml': '[tunables]\nmax_agents = 0\n' });
    const error = configErrorOf(() => load(join(dir, 'omw.toml')));
    assert.match(error.message, /omw\.toml:2:1: tunables\.max_agents: expected a number >= 1 \(found 0\)$/);
  });
});
