// Lets the model pick a tool, runs it, gives the model the result, and hands the model's summary
// to the reporter agent. The reporter may not be listening yet (agents start concurrently), so
// the finding is re-sent until acked.
const llm = omw.provider.get('planner');
const library = omw.tooling.get('library');
const tools = library.listTools();
const question = { role: 'user', content: 'What is omw?' };
const reply = llm.chat('mock-model', [question], tools);
const [call] = reply.toolCalls;
const result = library.callToolBlocking(call.name, call.arguments);
omw.host.log('info', `${call.name}(${JSON.stringify(call.arguments)}) answered`);
const toolMessage = { role: 'tool', content: result.content[0].text, toolCall: call };
const summary = llm.chat('mock-model', [question, { role: 'assistant', toolCall: call }, toolMessage], tools);

const fromReporter = omw.host.subscribeAgent('reporter');
let acked = false;
for (let attempt = 1; !acked; attempt++) {
  if (attempt > 100) throw new Error('the reporter never listened');
  omw.host.sendAgent('reporter', summary.content);
  const retry = omw.host.waitFor(50);
  for (;;) {
    const envelope = omw.host.recv();
    if (envelope.id === fromReporter) acked = true;
    if (acked || envelope.id === retry) break;
  }
}
