// A blocking chat: asks the model once, remembers the answer and exits with it.
import { get } from 'omw:omw/provider';
import { log, memorySet } from 'omw:omw/host';

export const runtime = {
  kind() {
    return 'hello';
  },
  run() {
    const reply = get('llm').chat(
      'mock-model',
      [{ role: { tag: 'user' }, content: 'Say hello to Alice' }],
      [],
      undefined,
    );
    memorySet('greeting', reply.content ?? '');
    log('info', `used ${reply.usage?.totalTokens ?? 0n} tokens, finish reason ${reply.finishReason}`);
    return reply.content;
  },
  check() {},
};
