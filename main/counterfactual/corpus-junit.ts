// `--junit FILE`: a corpus replay as JUnit XML, the way CI systems read test results. One
// <testsuite>, one <testcase> per recording (classname: its folder, name: its label): a divergence
// nobody expected and an expected one that did not happen are <failure>s, a recording that could
// not be replayed an <error>; an accepted divergence passes, its divergence in <system-out>.

import type { CorpusEntryView, CorpusReplayView } from '../../contract/counterfactual-views.ts';
import { branchLines, divergenceLines } from './corpus-text.ts';

/** XML 1.0 cannot hold most control characters, even escaped: each becomes U+FFFD. */
function withoutControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
    out += allowed ? char : '\ufffd';
  }
  return out;
}

const escaped = (text: string): string =>
  withoutControls(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attribute = (name: string, value: string | number): string => `${name}="${escaped(String(value))}"`;

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

const folderOf = (label: string): string => (label.includes('/') ? label.slice(0, label.lastIndexOf('/')) : '.');

function testcase(entry: CorpusEntryView): string {
  const open = `    <testcase ${attribute('classname', folderOf(entry.label))} ${attribute('name', entry.label)} ${attribute('time', seconds(entry.durationMs))}`;
  const details = [...divergenceLines(entry, ''), ...branchLines(entry, '')].join('\n');
  const first = details.split('\n')[0] ?? '';
  switch (entry.status) {
    case 'replayed':
      return `${open}/>`;
    case 'accepted':
      return `${open}>\n      <system-out>${escaped(`accepted divergence (--expect-divergence)\n${details}`)}</system-out>\n    </testcase>`;
    case 'diverged':
      return `${open}>\n      <failure ${attribute('message', `diverged: ${first}`)} ${attribute('type', 'ReplayDivergence')}>${escaped(details)}</failure>\n    </testcase>`;
    case 'unchanged': {
      const message = 'expected to diverge (--expect-divergence), but replayed as recorded';
      return `${open}>\n      <failure ${attribute('message', message)} ${attribute('type', 'ExpectedDivergenceMissing')}>${escaped(message)}</failure>\n    </testcase>`;
    }
    case 'error':
      return `${open}>\n      <error ${attribute('message', entry.error ?? 'failed')} ${attribute('type', 'ReplayError')}>${escaped(entry.error ?? 'failed')}</error>\n    </testcase>`;
  }
}

export function corpusJunit(view: CorpusReplayView): string {
  const { summary } = view;
  const counts = (tests: number) => [
    attribute('tests', tests),
    attribute('failures', summary.diverged + summary.unchanged),
    attribute('errors', summary.errors),
    attribute('skipped', 0),
    attribute('time', seconds(summary.durationMs)),
  ];
  const name = 'brainbench replay';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${[attribute('name', name), ...counts(summary.recordings)].join(' ')}>`,
    `  <testsuite ${[attribute('name', name), ...counts(summary.recordings)].join(' ')}>`,
    ...view.entries.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
