// A timer fires before its cancel; a stream and a tool call are cancelled while pending.
const timer = omw.host.waitFor(1);
omw.host.sleepFor(20);
omw.host.cancelTimer(timer);
const llm = omw.provider.get('llm');
const stream = llm.chatStream('mock-model', [{ content: 'never answered' }], []);
const slow = omw.tooling.get('slow');
const call = slow.callTool('wait', {});
llm.cancel(stream);
slow.cancel(call);
llm.cancel(stream);
if (llm.isOpen(stream) || slow.isOpen(call)) throw new Error('cancelled handles must be closed');
const first = omw.host.recv();
if (first.id !== timer || first.kind !== 'timer') throw new Error(`expected the timer, got ${first.kind}`);
omw.host.sleepFor(20);
if (omw.host.tryRecv() !== undefined) throw new Error('a cancelled handle delivered an event');
('timer won the race; stream and tool call cancelled; inbox quiet');
