import { createEngine } from '../../main/runtimes/python/python-engine.ts';
const engine = await createEngine(
  {
    hostCall: (op) => {
      if (op === 'host.time-now') return 42;
      return undefined;
    },
    limits: { maxBusyMs: 3000, maxMemoryBytes: 64 * 2 ** 20, maxStackBytes: 512 * 1024 },
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    print: () => {},
  },
  {},
);
const run = (s: string) => {
  const t0 = performance.now();
  const r = engine.run(s, 'brain.py');
  console.log(JSON.stringify(r), (performance.now() - t0).toFixed(2));
};
for (let i = 0; i < 8; i++) run('for i in range(1000): omw.host.time_now()');
run('import _omw_binding as b\nfor i in range(1000): b._Host.call(7)');
run('import _omw_binding as b\nfor i in range(1000): b._Host.call(7)');
run('import _omw_binding as b\nfor i in range(1000): b._answer("42")');
run('import _omw_binding as b\nfor i in range(1000): b._answer("42")');
