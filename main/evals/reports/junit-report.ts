// `--format junit`: JUnit XML as CI systems read it: one <testsuite> per split (or one for the
// whole run), one <testcase> per trial named by its case and trial, a <failure> with the failing
// scorers' reasons, an <error> when a scorer could not judge.

import type { ResultsHeader, TrialLine } from '../results-format.ts';
import { failureReasons } from './failure-reasons.ts';

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

const escape = (text: string): string =>
  withoutControls(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attribute = (name: string, value: string | number) => `${name}="${escape(String(value))}"`;

function testcase(trial: TrialLine, suite: string): string {
  const name = `${trial.case} #${trial.trial}`;
  const open = `    <testcase ${attribute('classname', suite)} ${attribute('name', name)} ${attribute('time', (trial.durationMs / 1000).toFixed(3))}`;
  if (trial.verdict === 'pass') return `${open}/>`;
  const reasons = failureReasons(trial, 1000);
  const element = trial.verdict === 'error' ? 'error' : 'failure';
  const message = reasons[0] ?? trial.verdict;
  return `${open}>\n      <${element} ${attribute('message', message)} ${attribute('type', element === 'error' ? 'ScorerError' : 'EvalFailure')}>${escape(reasons.join('\n'))}</${element}>\n    </testcase>`;
}

export function junitReport(header: ResultsHeader, trials: readonly TrialLine[]): string {
  const suites = new Map<string, TrialLine[]>();
  for (const trial of trials) {
    const name = trial.split ?? 'all';
    let list = suites.get(name);
    if (!list) suites.set(name, (list = []));
    list.push(trial);
  }
  const count = (list: readonly TrialLine[], verdict: TrialLine['verdict']) =>
    list.filter((t) => t.verdict === verdict).length;
  const time = (list: readonly TrialLine[]) => (list.reduce((sum, t) => sum + t.durationMs, 0) / 1000).toFixed(3);
  const name = header.eval.file;
  const body = [...suites].map(([split, list]) => {
    const suite = split === 'all' ? name : `${name} [${split}]`;
    return [
      `  <testsuite ${attribute('name', suite)} ${attribute('tests', list.length)} ${attribute('failures', count(list, 'fail'))} ${attribute('errors', count(list, 'error'))} ${attribute('skipped', 0)} ${attribute('time', time(list))}>`,
      ...list.map((trial) => testcase(trial, suite)),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attribute('name', name)} ${attribute('tests', trials.length)} ${attribute('failures', count(trials, 'fail'))} ${attribute('errors', count(trials, 'error'))} ${attribute('time', time(trials))}>`,
    ...body,
    '</testsuites>',
    '',
  ].join('\n');
}
