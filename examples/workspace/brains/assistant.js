// Streams a greeting for the user remembered in memory.
const llm = omw.provider.get('chat');
const user = omw.host.memoryGet('user');
const stream = llm.chatStream('mock-model', [{ role: 'user', content: `Greet ${user}` }], []);
let text = '';
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== stream) continue;
  if (envelope.kind === 'chat-end') break;
  if (envelope.kind === 'error') throw new Error(envelope.payload);
  text += envelope.payload.content ?? '';
}
omw.host.log('info', `said to ${user}: ${text}`);
