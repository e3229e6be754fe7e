// The one registry of commands and keys (contract/commands.ts) against what reads it: the
// shortcut table of docs/workbench.md lists exactly its keys, no key is bound twice, and the
// palette's fuzzy filter ranks as a person expects.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { COMMANDS, showChord } from '../../contract/commands.ts';
import { fuzzyScore } from '../../renderer/src/features/commands/fuzzy-match.ts';

const DOCS = join(import.meta.dirname, '../../docs/workbench.md');

/** The rows of the table under `## Keyboard`, as [keys, action] with the padding trimmed. */
function documentedRows(): string[][] {
  const text = readFileSync(DOCS, 'utf8');
  const section = text.slice(text.indexOf('\n## Keyboard\n'));
  const table = section.split('\n\n').find((block) => block.startsWith('| key'));
  assert.ok(table, 'docs/workbench.md has a key table under ## Keyboard');
  return table
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

function registryRows(): string[][] {
  return COMMANDS.filter((command) => 'keys' in command).map((command) => [
    command.keys.map((chord) => showChord(chord)).join(' or '),
    ('detail' in command ? command.detail : command.title) + ('electronOnly' in command ? ' (Electron menu)' : ''),
  ]);
}

describe('the command registry', () => {
  it('is what docs/workbench.md’s shortcut table lists, row for row', () => {
    assert.deepEqual(documentedRows(), registryRows());
  });

  it('binds each key to one command, and names each command once', () => {
    const keys = COMMANDS.flatMap((command) => ('keys' in command ? [...command.keys] : []));
    assert.equal(new Set(keys).size, keys.length, `a key bound twice: ${keys.join(', ')}`);
    const ids = COMMANDS.map((command) => command.id);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('filters the palette by the letters typed, in order, best matches first', () => {
    assert.equal(fuzzyScore('xyz', 'Step Over'), undefined);
    assert.equal(fuzzyScore('revo', 'Step Over'), undefined);
    const titles = ['Agent: Stop', 'Debug: Step Over', 'Agent: Step One Iteration', 'File: Save'];
    const ranked = titles
      .map((title) => ({ title, score: fuzzyScore('step o', title) }))
      .filter((match) => match.score !== undefined)
      .sort((a, b) => b.score! - a.score!)
      .map((match) => match.title);
    assert.deepEqual(ranked, ['Debug: Step Over', 'Agent: Step One Iteration']);
  });
});
