// Random bytes and mutations of the example configs go through the real loader from files on
// disk. Every input must either load or be a ConfigError naming its file; anything else (a stack
// overflow, a TypeError from a half-checked value) is a bug the loader let through.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { parse as parseToml } from 'smol-toml';
import { stringify as stringifyYaml } from 'yaml';

import { ConfigError } from '../../main/config/config-error.ts';
import { loadConfig } from '../../main/config/load-config.ts';
import { fixtureDir } from './fixture-dir.ts';
import { seededRandom } from '../seeded-random.ts';

const MUTANTS_PER_FORMAT = 120;
const RANDOM_INPUTS_PER_FORMAT = 40;

function exampleTomlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return exampleTomlFiles(path);
    return entry.name.endsWith('.toml') ? [path] : [];
  });
}

const tomlSeeds = exampleTomlFiles(join(import.meta.dirname, '../../examples')).map((file) =>
  readFileSync(file, 'utf8'),
);
const SEEDS: Record<'toml' | 'yaml' | 'json', string[]> = {
  toml: tomlSeeds,
  yaml: [
    ...tomlSeeds.map((text) => stringifyYaml(parseToml(text))),
    'defaults: &mock\n  kind: mock\nproviders:\n  a: *mock\n  b: *mock\nmemory:\n  alice: { list: &l [1, 2], again: *l }\n',
  ],
  json: tomlSeeds.map((text) => JSON.stringify(parseToml(text), null, 2)),
};

// Tokens that matter to at least one of the three syntaxes.
const TOKENS = [
  ...'[]{}"\':=,.#-?&*!|>\\\n\t \r',
  '&a ',
  '*a',
  '- ',
  '? ',
  '"""',
  "'''",
  '[[',
  ']]',
  '\u0000',
  '\uFFFD',
  '\u{1F600}',
  'true',
  '1e999',
  '-0x1',
  '1979-05-27T07:32:00Z',
  '__proto__',
];
// Openers (and their closers) that nest when repeated, for inputs far deeper than any config.
const NESTERS: [string, string][] = [
  ['[', ']'],
  ['{"a":', '}'],
  ['{a = ', '}'],
  ['{a: ', '}'],
  ['- ', ''],
  ['? ', ''],
  ['a.', 'a'],
  ['&x [*x, ', ']'],
];

type Random = () => number;
const below = (random: Random, bound: number) => Math.floor(random() * bound);
const pick = <T>(random: Random, items: readonly T[]): T => items[below(random, items.length)] as T;

function mutate(text: string, random: Random, donors: readonly string[]): string {
  let result = text;
  for (let edits = 1 + below(random, 4); edits > 0; edits--) {
    const at = below(random, result.length + 1);
    const choice = random();
    if (choice < 0.25) {
      result = result.slice(0, at) + result.slice(at + 1 + below(random, 8));
    } else if (choice < 0.55) {
      result = result.slice(0, at) + pick(random, TOKENS) + result.slice(at);
    } else if (choice < 0.75) {
      const donor = pick(random, donors);
      const from = below(random, donor.length);
      result = result.slice(0, at) + donor.slice(from, from + 1 + below(random, 80)) + result.slice(at);
    } else if (choice < 0.85) {
      const from = below(random, result.length);
      const repeated = result.slice(from, from + below(random, 200)).repeat(1 + below(random, 50));
      result = result.slice(0, at) + repeated + result.slice(at);
    } else {
      const [open, close] = pick(random, NESTERS);
      const depth = 1 + below(random, 100_000);
      // Half of the time around everything, which puts the nesting where a value goes.
      if (random() < 0.5) result = open.repeat(depth) + result + close.repeat(depth);
      else result = result.slice(0, at) + open.repeat(depth) + close.repeat(depth) + result.slice(at);
    }
  }
  return result;
}

function randomBytes(random: Random): Buffer {
  return Buffer.from(Array.from({ length: below(random, 400) }, () => below(random, 256)));
}

/** Loads `contents` as `file`; fails with the input when anything but a ConfigError for that file comes out. */
function assertLoadsOrConfigError(file: string, contents: string | Buffer): void {
  writeFileSync(file, contents);
  try {
    loadConfig(file, { env: {} });
  } catch (error) {
    const shown = JSON.stringify(contents.toString().slice(0, 300));
    assert.ok(error instanceof ConfigError, `${shown} threw ${error instanceof Error ? error.stack : String(error)}`);
    assert.equal(error.file, file, `${shown}: ${error.message}`);
    if (error.line !== undefined) {
      assert.ok(error.line >= 1 && (error.column ?? 0) >= 1, `${shown}: ${error.message}`);
    }
  }
}

describe('config loader fuzz', () => {
  it('gives every mutated example and every run of random bytes a config or a ConfigError', () => {
    const dir = fixtureDir({});
    const random = seededRandom(0xc0f19);
    for (const format of ['toml', 'yaml', 'json'] as const) {
      const file = join(dir, `omw.${format}`);
      const seeds = SEEDS[format];
      for (let mutant = 0; mutant < MUTANTS_PER_FORMAT; mutant++) {
        assertLoadsOrConfigError(file, mutate(pick(random, seeds), random, seeds));
      }
      for (let input = 0; input < RANDOM_INPUTS_PER_FORMAT; input++)
        assertLoadsOrConfigError(file, randomBytes(random));
    }
  });
});
