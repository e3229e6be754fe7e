import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsAgents, workspace } from './workspace.ts';

test('many agents hammering the bridge at once each get their own answers', async () => {
  const names = ['a1', 'a2', 'a3', 'a4'];
  const brain = (name: string) => `
    let checksum = 0;
    for (let i = 0; i < 400; i++) {
      omw.host.memorySet('k' + i, '${name}:' + i);
      const back = omw.host.memoryGet('k' + i);
      if (back !== '${name}:' + i) throw new Error('crossed wires at ' + i + ': ' + back);
      if (omw.host.whoami() !== '${name}') throw new Error('wrong agent');
      checksum += omw.host.base64Decode(omw.host.base64Encode([i % 256]))[0];
    }
    String(checksum);`;
  const ws = workspace(jsAgents(names), Object.fromEntries(names.map((n) => [`${n}.js`, brain(n)])));
  try {
    const results = await Promise.all(names.map((name) => ws.supervisor.step(name)));
    const expected = String(Array.from({ length: 400 }, (_, i) => i % 256).reduce((a, b) => a + b, 0));
    for (const result of results) assert.deepEqual(result, { kind: 'outcome', outcome: { exited: expected } });
    for (const name of names) assert.equal(ws.host.context(name).memory.get('k399'), `${name}:399`);
    const calls = ws.trace.filter((e) => e.type === 'call');
    // As omw traces them: every memory call and whoami, wherever it was answered; not the other local calls.
    assert.equal(calls.length, names.length * 1200);
  } finally {
    ws.supervisor.dispose();
  }
});
