// A support assistant: takes the question from its inbox, looks it up in the knowledge base, asks
// the model with what it found, and exits with the model's answer (the trial's outcome).
const question = omw.host.recv().payload;
const hit = omw.tooling.get('kb').callToolBlocking('search', { query: question });
const context = hit.content.map((block) => block.text).join('\n');
const model = omw.host.memoryGet('model') ?? '';
const reply = omw.provider.get('model').chat(
  model,
  [
    { role: 'system', content: `Answer in one line. Use this context if it helps:\n${context}` },
    { role: 'user', content: question },
  ],
  [],
);
omw.host.memorySet('last_answer', reply.content ?? '');
reply.content ?? '';
