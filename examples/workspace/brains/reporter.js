// Waits for the researcher's finding, acknowledges it and exits with it. Stepped on its own,
// nothing comes: recv gives up after recv_timeout_secs, and the reporter says so.
const fromResearcher = omw.host.subscribeAgent('researcher');
let finding;
try {
  while (finding === undefined) {
    const envelope = omw.host.recv();
    if (envelope.id === fromResearcher) finding = envelope.payload;
  }
} catch (error) {
  if (!String(error).includes('no event available')) throw error;
}
if (finding !== undefined) omw.host.sendAgent('researcher', 'ack');
finding !== undefined ? `finding: ${finding}` : 'no finding: the researcher sent none (step or run it too)';
