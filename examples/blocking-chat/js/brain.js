// Asks the model once, remembers the answer and exits with it.
const llm = omw.provider.get('llm');
const reply = llm.chat('mock-model', [{ role: 'user', content: 'Say hello to Alice' }], []);
omw.host.memorySet('greeting', reply.content);
omw.host.log('info', `used ${reply.usage.totalTokens} tokens, finish reason ${reply.finishReason}`);
reply.content;
