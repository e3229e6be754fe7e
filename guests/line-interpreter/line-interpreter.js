/* global TextDecoder, TextEncoder */
// A custom interpreter component (omw's `interpreter = "<component>"`): it receives the brain's
// script text and runs it one command per line. Its file, environment and `print` commands go
// through WASI, so it doubles as the probe of the runtime's sandbox. Command results are
// collected; `exit` without text exits with all of them joined by "; ". `flood` prints its text
// without end, as a brain that only prints does; `hog` keeps allocating, as a brain that never
// lets go of anything does.
import { log, sendAgent } from 'omw:omw/host';
import { getEnvironment, initialCwd } from 'wasi:cli/environment@0.2.3';
import { getDirectories } from 'wasi:filesystem/preopens@0.2.3';

const errorText = (error) => (error && typeof error === 'object' && 'payload' in error ? error.payload : String(error));

/** The preopened directory that covers `path`, and the path relative to it. */
function locate(path) {
  for (const [directory, guestPath] of getDirectories()) {
    const base = guestPath.endsWith('/') ? guestPath : `${guestPath}/`;
    if (path === guestPath || path.startsWith(base)) return [directory, path.slice(base.length) || '.'];
  }
  throw 'no preopened directory covers this path';
}

function read(path) {
  const [directory, relative] = locate(path);
  const file = directory.openAt({ symlinkFollow: false }, relative, {}, { read: true });
  const [bytes] = file.read(65536n, 0n);
  return new TextDecoder().decode(bytes);
}

function write(path, text) {
  const [directory, relative] = locate(path);
  const file = directory.openAt({ symlinkFollow: false }, relative, { create: true, truncate: true }, { write: true });
  file.write(new TextEncoder().encode(text), 0n);
  return 'written';
}

/** Renames `from` to `to`, which may be in another preopened directory. */
function rename(from, to) {
  const [fromDirectory, fromRelative] = locate(from);
  const [toDirectory, toRelative] = locate(to);
  fromDirectory.renameAt(fromRelative, toDirectory, toRelative);
  return 'renamed';
}

/** Links `to` to the file at `from` (following a symlink there), across preopens too. */
function link(from, to) {
  const [fromDirectory, fromRelative] = locate(from);
  const [toDirectory, toRelative] = locate(to);
  fromDirectory.linkAt({ symlinkFollow: true }, fromRelative, toDirectory, toRelative);
  return 'linked';
}

function preopens() {
  const paths = getDirectories().map(([, guestPath]) => guestPath);
  return paths.length > 0 ? paths.join(', ') : '<none>';
}

function env(name) {
  const found = getEnvironment().find(([key]) => key === name);
  return found ? found[1] : '<unset>';
}

function cwd() {
  return initialCwd() ?? '<none>';
}

/** Commands whose failure is a result, so a script can probe what the sandbox allows. */
const PROBES = { preopens, read, write, rename, link, env, cwd };

function parse(script) {
  return script.split('\n').flatMap((text, index) => {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return [];
    const [name, ...words] = trimmed.split(/\s+/);
    if (!(name in PROBES) && !['log', 'print', 'flood', 'hog', 'send', 'exit', 'fail'].includes(name)) {
      throw `line ${index + 1}: unknown command "${name}"`;
    }
    return [{ name, words }];
  });
}

export const runtime = {
  kind() {
    return 'lines';
  },
  run(script) {
    const outputs = [];
    for (const { name, words } of parse(script)) {
      if (name === 'log') log('info', words.join(' '));
      else if (name === 'print') console.log(words.join(' '));
      else if (name === 'flood') for (;;) console.log(words.join(' '));
      else if (name === 'hog') for (const kept = []; ;) kept.push(new Array(1 << 16).fill(kept.length));
      else if (name === 'send') sendAgent(words[0], words.slice(1).join(' '));
      else if (name === 'exit') return words.length > 0 ? words.join(' ') : outputs.join('; ');
      else if (name === 'fail') throw words.join(' ');
      else {
        const label = [name, ...words.slice(0, name === 'rename' || name === 'link' ? 2 : 1)].join(' ');
        try {
          outputs.push(`${label}: ${PROBES[name](...words)}`);
        } catch (error) {
          outputs.push(`${label}: error ${errorText(error)}`);
        }
      }
    }
    return undefined;
  },
  check(script) {
    parse(script);
  },
};
