// One round of tool use: the model picks a tool, the MCP server runs it, the model answers.
const llm = omw.provider.get('llm');
const server = omw.tooling.get('everything');
const tools = server.listTools();
const question = { role: 'user', content: 'What is 19 + 23?' };
const first = llm.chat('mock-model', [question], tools);
const [toolCall] = first.toolCalls;
if (!toolCall) throw new Error(`expected a tool call, got ${JSON.stringify(first)}`);

const call = server.callTool(toolCall.name, toolCall.arguments);
let result;
while (result === undefined) {
  const envelope = omw.host.recv();
  if (envelope.id !== call) continue;
  if (envelope.kind === 'error') throw new Error(envelope.payload);
  result = envelope.payload.content.map((block) => block.text).join('\n');
}

const answer = llm.chat(
  'mock-model',
  [question, { role: 'assistant', toolCall }, { role: 'tool', content: result, toolCall }],
  tools,
);
answer.content;
