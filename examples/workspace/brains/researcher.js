// Lets the model pick a tool, runs it, gives the model the result, and hands the model's answer
// to the reporter agent. A model may also answer at once: the mock planner does from its second
// call on, since a mock's last turn repeats. The reporter may not be listening yet (agents start
// concurrently), so the finding is re-sent until acked.
const llm = omw.provider.get('planner');
const library = omw.tooling.get('library');
const tools = library.listTools();
const question = { role: 'user', content: 'What is omw?' };
const reply = llm.chat('mock-model', [question], tools);
let answer = reply.content;
const [call] = reply.toolCalls;
if (call) {
  const result = library.callToolBlocking(call.name, call.arguments);
  omw.host.log('info', `${call.name}(${JSON.stringify(call.arguments)}) answered`);
  const toolMessage = { role: 'tool', content: result.content[0].text, toolCall: call };
  answer = llm.chat('mock-model', [question, { role: 'assistant', toolCall: call }, toolMessage], tools).content;
}

const fromReporter = omw.host.subscribeAgent('reporter');
let acked = false;
for (let attempt = 1; !acked && attempt <= 100; attempt++) {
  omw.host.sendAgent('reporter', answer);
  const retry = omw.host.waitFor(50);
  for (;;) {
    const envelope = omw.host.recv();
    if (envelope.id === fromReporter) acked = true;
    if (acked || envelope.id === retry) break;
  }
  if (acked) omw.host.cancelTimer(retry);
}
// Completes once acked; otherwise says why it stopped trying.
acked ? null : 'the reporter did not listen for 5 s: step or run it too';
