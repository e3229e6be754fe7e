// Calls a tool twice: once blocking, once queued with the result arriving as an event.
const calc = omw.tooling.get('calc');
const [add] = calc.listTools();
if (add.inputSchema.type !== 'object') throw new Error('schema should be parsed');
const blocking = calc.callToolBlocking('add', { a: 1, b: 2 });
const call = calc.callTool('add', { a: 3, b: 4 });
let sum;
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== call) continue;
  if (envelope.kind === 'error') throw new Error(envelope.payload);
  sum = envelope.payload.structuredContent.sum;
  break;
}
`1+2=${blocking.content[0].text}, 3+4=${sum}`;
