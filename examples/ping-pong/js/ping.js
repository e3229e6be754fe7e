// Waits for pong to announce itself, then sends three pings and expects matching pongs.
const fromPong = omw.host.subscribeAgent('pong');
const next = () => {
  for (;;) {
    const envelope = omw.host.recv();
    if (envelope.id === fromPong && envelope.payload !== 'ready') return envelope.payload;
  }
};
while (omw.host.recv().payload !== 'ready');
for (let round = 1; round <= 3; round++) {
  omw.host.sendAgent('pong', `ping ${round}`);
  const answer = next();
  if (answer !== `pong ${round}`) throw new Error(`expected pong ${round}, got ${answer}`);
}
('got 3 pongs');
