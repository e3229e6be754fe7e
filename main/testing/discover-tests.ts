import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const TEST_FILE = /^(?:.+\.)?omw\.test\.(?:toml|ya?ml|json)$/i;
export const BASE_FILE = /^omw\.test\.base\.(?:toml|ya?ml|json)$/i;

export interface DiscoveredTest {
  file: string;
  /** The path relative to the discovery root, with `/` separators. */
  label: string;
}

export interface DiscoveryFilters {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** `*` stays within a path segment, `**` crosses segments. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      source += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const isTestFile = (name: string): boolean =>
  TEST_FILE.test(name) && !BASE_FILE.test(name) && !name.includes('.template.');

function walk(dir: string, found: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (isTestFile(entry.name)) found.push(path);
  }
}

export interface Discovery {
  /** Every test the search finds. */
  found: DiscoveredTest[];
  /** What `--include` and `--exclude` keep of them, sorted by label. */
  selected: DiscoveredTest[];
}

/**
 * omw-test discovery (omw-compat 14.1): a file is one test, a directory is searched recursively.
 * The filters choose among a directory's tests; a file named as the root is run whatever they say.
 */
export function discover(root: string, filters: DiscoveryFilters = {}): Discovery {
  if (!statSync(root).isDirectory()) {
    const file = [{ file: root, label: root.split(sep).join('/') }];
    return { found: file, selected: file };
  }
  const files: string[] = [];
  walk(root, files);
  const found = files
    .map((file) => ({ file, label: relative(root, file).split(sep).join('/') }))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const includes = (filters.include ?? []).map(globToRegExp);
  const excludes = (filters.exclude ?? []).map(globToRegExp);
  const selected = found
    .filter(({ label }) => includes.length === 0 || includes.some((re) => re.test(label)))
    .filter(({ label }) => !excludes.some((re) => re.test(label)));
  return { found, selected };
}

/** The tests `discover` selects. */
export function discoverTests(root: string, filters: DiscoveryFilters = {}): DiscoveredTest[] {
  return discover(root, filters).selected;
}
