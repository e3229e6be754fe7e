// Streams an answer, collecting reasoning and content until the stream ends.
const llm = omw.provider.get('llm');
const stream = llm.chatStream('mock-model', [{ role: 'user', content: 'Write a haiku' }], []);
let reasoning = '';
let content = '';
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== stream) continue;
  if (envelope.kind === 'chat-end') break;
  if (envelope.kind === 'error') throw new Error(envelope.payload);
  reasoning += envelope.payload.reasoning ?? '';
  content += envelope.payload.content ?? '';
}
`thought: ${reasoning} | said: ${content}`;
