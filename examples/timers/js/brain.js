// Starts three timers, cancels the long one, and waits for the other two in whatever order.
const short = omw.host.waitFor(20);
const long = omw.host.waitFor(60000);
omw.host.waitCron('* * * * * *');
omw.host.cancelTimer(long);
const fired = new Set();
while (fired.size < 2) {
  const envelope = omw.host.recv();
  if (envelope.kind !== 'timer') continue;
  if (envelope.id === long) throw new Error('a cancelled timer fired');
  fired.add(envelope.id === short ? 'short' : 'cron');
}
`fired: ${[...fired].sort().reverse().join(', ')}`;
