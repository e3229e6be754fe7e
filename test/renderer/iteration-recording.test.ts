// "Fork from here" forks the recording that holds the iteration: this session's, or after a
// workbench restart the previous session's, and none for a session before that; after a config
// restart the older segment (`.1`) of either, and none for one before that.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { iterationRecording } from '../../renderer/src/shared/trace/iteration-recording.ts';
import type { RestartMark } from '../../renderer/src/shared/trace/trace-log.ts';

const mark = (seq: number, cause: RestartMark['cause']): RestartMark => ({ seq, time: 0, cause });

test('an iteration forks from the recording of the session it ran in', () => {
  const marks = [mark(10, 'agent'), mark(20, 'session'), mark(30, 'workspace'), mark(40, 'session')];
  const live = '.brainbench/session.jsonl';
  assert.equal(iterationRecording(45, marks, live), live);
  assert.equal(iterationRecording(35, marks, live), '.brainbench/previous-session.jsonl');
  assert.equal(iterationRecording(25, marks, live), '.brainbench/previous-session.jsonl.1', 'before a config restart');
  assert.equal(iterationRecording(15, marks, live), undefined, 'two sessions back');
  assert.equal(iterationRecording(5, [], live), live);
  assert.equal(iterationRecording(5, [mark(10, 'agent')], live), live);
  assert.equal(iterationRecording(5, [mark(10, 'agent'), mark(12, 'workspace')], live), `${live}.1`);
  assert.equal(iterationRecording(5, [mark(12, 'workspace'), mark(14, 'workspace')], live), undefined, 'two back');
  assert.equal(iterationRecording(45, marks, undefined), undefined, 'this session is not recorded');
});
