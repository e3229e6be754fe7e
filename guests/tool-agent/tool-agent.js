// Tool calls: one blocking call, then a queued one whose result arrives in the inbox.
import { recv } from 'omw:omw/host';
import { get } from 'omw:omw/tooling';

export const runtime = {
  kind() {
    return 'tool-agent';
  },
  run() {
    const calc = get('calc');
    const [add] = calc.listTools();
    if (JSON.parse(add.inputSchema).type !== 'object') throw 'the schema should be an object schema';
    const blocking = calc.callToolBlocking('add', JSON.stringify({ a: 1, b: 2 }));
    const call = calc.callTool('add', JSON.stringify({ a: 3, b: 4 }));
    for (;;) {
      const { id, event } = recv();
      if (id !== call) continue;
      if (event.tag === 'error') throw event.val;
      const { sum } = JSON.parse(event.val.structuredContent);
      return `1+2=${JSON.parse(blocking.content)[0].text}, 3+4=${sum}`;
    }
  },
  check() {},
};
