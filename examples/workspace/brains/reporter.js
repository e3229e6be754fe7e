// Waits for the researcher's finding, acknowledges it and exits with it.
const fromResearcher = omw.host.subscribeAgent('researcher');
let finding;
while (finding === undefined) {
  const envelope = omw.host.recv();
  if (envelope.id === fromResearcher) finding = envelope.payload;
}
omw.host.sendAgent('researcher', 'ack');
`finding: ${finding}`;
