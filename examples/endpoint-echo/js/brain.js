// Serves the "echo" model: answers each request word by word, then finishes the reply with the
// finish reason the client asked for in its params. A client that hung up makes streaming fail;
// the session end arrives as an event all the same. Exits after three sessions have ended.
const subscription = omw.host.subscribeEndpoint('echo');
const ends = [];
while (ends.length < 3) {
  const envelope = omw.host.recv();
  if (envelope.id !== subscription) continue;
  if (envelope.kind === 'endpoint-session-end') {
    ends.push(envelope.payload.error ?? 'ok');
    continue;
  }
  const { session, messages, params } = envelope.payload;
  const words = (messages[messages.length - 1].content ?? '').split(' ');
  try {
    for (const word of words) omw.host.streamEndpoint(session, { content: word });
    omw.host.streamEndpoint(session, { finishReason: params?.finish ?? 'stop' });
  } catch (error) {
    omw.host.log('info', `stopped answering: ${error.message}`);
  }
}
omw.host.unsubscribeEndpoint(subscription);
ends.join(', ');
