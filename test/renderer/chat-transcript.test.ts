// Issue 28 item 11, the model under the Chat panel's transcript: a traced chat request read as a
// conversation with roles; a detail not shaped as expected (it comes from a brain) loses only
// what is not, never throws.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chatTranscript } from '../../renderer/src/features/chat/chat-transcript.ts';

test('a chat request reads as a conversation: roles, reasoning, tool calls and the results', () => {
  const call = { id: 'c1', name: 'search', arguments: '{"q":"omw"}' };
  assert.deepEqual(
    chatTranscript({
      provider: 'planner',
      model: 'm',
      messages: [
        { role: 'system', content: 'be brief', reasoning: null, tool_call: null },
        { role: 'user', content: 'What is omw?', reasoning: null, tool_call: null },
        { role: 'assistant', content: null, reasoning: 'look it up', tool_call: call },
        { role: 'tool', content: 'omw is…', reasoning: null, tool_call: call },
      ],
      tools: [{ name: 'search', input_schema: {} }],
      params: null,
    }),
    {
      provider: 'planner',
      model: 'm',
      tools: ['search'],
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'What is omw?' },
        { role: 'assistant', reasoning: 'look it up', toolCall: call },
        { role: 'tool', content: 'omw is…', toolCall: call },
      ],
    },
  );
});

test('a detail of another shape loses only what is not a message', () => {
  assert.deepEqual(chatTranscript(null), { tools: [], messages: [] });
  assert.deepEqual(chatTranscript({ messages: 'x', tools: [1, { name: 2 }] }), { tools: [], messages: [] });
  assert.deepEqual(
    chatTranscript({ messages: [7, { role: 'user', content: 3 }, { content: 'no role' }], model: 5 }).messages,
    [{ role: 'user' }],
  );
});
