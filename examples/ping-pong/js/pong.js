// Announces itself until ping listens, then answers every ping with a pong.
omw.host.subscribeAgent('ping');
let envelope;
while (!(envelope = omw.host.tryRecv())) {
  omw.host.sendAgent('ping', 'ready');
  omw.host.sleepFor(5);
}
let answered = 0;
while (answered < 3) {
  if (envelope.kind === 'message' && envelope.payload.startsWith('ping ')) {
    omw.host.sendAgent('ping', envelope.payload.replace('ping', 'pong'));
    answered++;
  }
  if (answered < 3) envelope = omw.host.recv();
}
`answered ${answered} pings`;
