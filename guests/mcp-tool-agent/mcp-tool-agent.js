// One round of tool use against a real MCP server: the model picks a tool, the server runs it as a
// queued call whose result arrives in the inbox, and the model answers with the result.
import { recv } from 'omw:omw/host';
import { get as provider } from 'omw:omw/provider';
import { get as tooling } from 'omw:omw/tooling';

const textOf = (content) =>
  JSON.parse(content)
    .map((block) => block.text)
    .join('\n');

export const runtime = {
  kind() {
    return 'mcp-tool-agent';
  },
  run() {
    const llm = provider('llm');
    const server = tooling('everything');
    const tools = server.listTools();
    const question = { role: { tag: 'user' }, content: 'What is 19 + 23?' };
    const first = llm.chat('mock-model', [question], tools, undefined);
    const [toolCall] = first.toolCalls;
    if (!toolCall) throw `expected a tool call, got finish reason ${first.finishReason}`;

    const call = server.callTool(toolCall.name, toolCall.arguments);
    let result;
    while (result === undefined) {
      const { id, event } = recv();
      if (id !== call) continue;
      if (event.tag === 'error') throw event.val;
      if (event.tag === 'tool-result') result = textOf(event.val.content);
    }

    const answer = llm.chat(
      'mock-model',
      [question, { role: { tag: 'assistant' }, toolCall }, { role: { tag: 'tool' }, content: result, toolCall }],
      tools,
      undefined,
    );
    return answer.content;
  },
  check() {},
};
