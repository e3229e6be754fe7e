// Lets the model pick a tool, runs it, and hands the answer to the reporter agent. The reporter
// may not be listening yet (agents start concurrently), so the finding is re-sent until acked.
const llm = omw.provider.get('llm');
const library = omw.tooling.get('library');
const tools = library.listTools();
llm.chat('mock-model', [{ role: 'user', content: 'warm up' }], tools);
const reply = llm.chat('mock-model', [{ role: 'user', content: 'What is omw?' }], tools);
const [call] = reply.toolCalls;
const result = library.callToolBlocking(call.name, call.arguments);
omw.host.log('info', `${call.name}(${JSON.stringify(call.arguments)}) answered`);

const fromReporter = omw.host.subscribeAgent('reporter');
let acked = false;
for (let attempt = 1; !acked; attempt++) {
  if (attempt > 100) throw new Error('the reporter never listened');
  omw.host.sendAgent('reporter', result.content[0].text);
  const retry = omw.host.waitFor(50);
  for (;;) {
    const envelope = omw.host.recv();
    if (envelope.id === fromReporter) acked = true;
    if (acked || envelope.id === retry) break;
  }
}
