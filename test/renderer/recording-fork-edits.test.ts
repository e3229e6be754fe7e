// The fork dialog's fields as edits: only what the user changed is sent, and bad fields are named.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ForkPointView } from '../../contract/recording-views.ts';
import { editsOf, fieldProblems, fieldsOf, nameProblem } from '../../renderer/src/features/recordings/fork-edits.ts';

const POINT: ForkPointView = {
  agent: 'asker',
  afterIteration: 1,
  memory: { topic: 'cats', seen: '1' },
  inbox: [{ id: 'u-1', event: { kind: 'message', data: 'hi' } }],
  registries: [],
  source: 'omw.host.log("info", "x");\n',
  notes: [],
};

describe('fork edits', () => {
  it('sends nothing for untouched fields', () => {
    assert.deepEqual(editsOf(fieldsOf(POINT), POINT, POINT.source), {});
    const opened = { ...fieldsOf(POINT), source: POINT.source };
    assert.deepEqual(editsOf(opened, POINT, POINT.source), {}, 'the editor opened and left as it was');
    assert.deepEqual(editsOf(opened, POINT, 'the workspace brain'), { source: POINT.source });
  });

  it('sends the whole memory, inbox and source when edited, and the other fields when set', () => {
    const fields = fieldsOf(POINT);
    fields.memory = [
      ['topic', 'dogs'],
      ['seen', '1'],
    ];
    fields.inbox = [];
    fields.source = 'edited';
    fields.providerFrom = 'chat';
    fields.providerTo = 'other';
    fields.model = ' gpt-x ';
    fields.iterations = '3';
    fields.name = 'dogs';
    assert.deepEqual(editsOf(fields, POINT, POINT.source), {
      name: 'dogs',
      memory: { topic: 'dogs', seen: '1' },
      inbox: [],
      source: 'edited',
      provider: { from: 'chat', to: 'other' },
      model: 'gpt-x',
      iterations: 3,
    });
  });

  it('names bad fields: the branch name, memory keys, iterations, a half provider redirect', () => {
    assert.equal(nameProblem('', []), undefined);
    assert.equal(nameProblem('ok_name-2', []), undefined);
    assert.match(nameProblem('bad name', []) ?? '', /letters, digits/);
    assert.match(nameProblem('taken', ['taken']) ?? '', /exists already/);
    const fields = fieldsOf(POINT);
    fields.memory = [
      ['a', '1'],
      ['a', '2'],
    ];
    fields.iterations = '0';
    fields.providerFrom = 'chat';
    assert.deepEqual(Object.keys(fieldProblems(fields, [])).sort(), ['iterations', 'memory', 'provider']);
    fields.memory = [['', '1']];
    assert.match(fieldProblems(fields, []).memory ?? '', /empty/);
  });
});
