// Clients that stop reading while an agent floods every socket with events, against a real
// web-mode server: what the server holds for them stays bounded (their events are held back, not
// buffered; their requests are not read once their answers pile up), and a client that reads
// again is told what it missed and gets every answer it asked for. One that never reads again is
// closed with a reason.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ApiClient, startLoadFixture, type Answer, type LoadFixture } from './web-load-fixture.ts';

const MiB = 1024 * 1024;
/** Event bytes a reading client gets before the stalled ones are looked at: each would hold as much. */
const FLOOD_BYTES = 30 * MiB;
/** Long enough for a loaded machine; nothing here asserts that the server was fast. */
const PATIENCE_MS = 120_000;

// What the host holds, after a full collection: the process's resident size also counts garbage
// not yet collected, which differs between Node versions by more than the bound tested.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function held(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!done()) {
    assert.ok(Date.now() < deadline, `waited for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('web mode server with clients that stop reading', { timeout: 300_000 }, () => {
  let fixture: LoadFixture;
  before(async () => {
    fixture = await startLoadFixture();
  });
  after(() => fixture.close());

  it('holds a bounded amount for each, and resyncs one that reads again with every answer it asked for', async () => {
    const { server, workbench } = fixture;
    const stalled = await Promise.all([1, 2, 3, 4, 5].map(() => ApiClient.open(server)));
    const reader = await ApiClient.open(server);
    for (const client of stalled) client.ws.pause();
    // Asking for the whole trace again and again without reading the answers.
    const asked: Promise<Answer>[] = [];
    for (const client of stalled) for (let i = 0; i < 20; i++) asked.push(client.call('traceHistory'));
    const heldBefore = held();

    workbench.loop('chatty');
    await until(`${FLOOD_BYTES} bytes of events`, () => reader.eventBytes > FLOOD_BYTES);
    const load = server.load();
    const grown = held() - heldBefore;
    await workbench.stop('chatty');

    // Without a bound each stalled socket would hold about what the reader was sent: five times
    // FLOOD_BYTES in all. The host's own memory moves by tens of MiB without any socket.
    assert.equal(load.holdingEvents, 5);
    assert.ok(load.unsentBytes < 5 * 16 * MiB, `${load.unsentBytes} bytes unsent for 5 stalled sockets`);
    assert.ok(grown < 2.5 * FLOOD_BYTES, `the host holds ${Math.round(grown / MiB)} MiB more`);

    const [first] = stalled;
    first!.ws.resume();
    await until('a resync', () => first!.resyncs.length === 1);
    assert.ok(first!.resyncs[0]! > 10_000, `missed ${first!.resyncs[0]}`);
    const answers = await Promise.all(asked.slice(0, 20));
    assert.ok(
      answers.every((answer) => answer.ok),
      'every call of the stalled client is answered',
    );
    // Events flow again after the resync.
    workbench.loop('chatty');
    await until('events after the resync', () => first!.eventsSinceResync > 10);
    await workbench.stop('chatty');
    for (const client of [...stalled, reader]) client.close();
  });
});

describe('web mode server with small bounds', { timeout: 300_000 }, () => {
  let fixture: LoadFixture;
  before(async () => {
    fixture = await startLoadFixture({
      outbox: { holdEventsAt: 64 * 1024, resumeAt: 16 * 1024, stallMs: 2_000 },
      calls: { maxQueued: 8 },
    });
  });
  after(() => fixture.close());

  it('refuses calls past a socket’s queue bound with an error that says so, and answers the others', async () => {
    const client = await ApiClient.open(fixture.server);
    const answers = await Promise.all(Array.from({ length: 60 }, () => client.call('traceHistory')));
    const refused = answers.filter((answer) => !answer.ok);
    assert.ok(refused.length > 0 && refused.length < 60, `${refused.length} of 60 refused`);
    for (const answer of refused) assert.match(answer.error ?? '', /^too many calls waiting on this connection \(8\)/);
    assert.ok((await client.call('workspace')).ok, 'a call after the burst is answered');
    client.close();
  });

  it('closes a socket that never reads again, and keeps serving the others', async () => {
    const { server, workbench } = fixture;
    const stalled = await ApiClient.open(server);
    const reader = await ApiClient.open(server);
    stalled.ws.pause();
    workbench.loop('chatty');
    await until('the stalled socket to be dropped', () => server.load().sockets === 1);
    await workbench.stop('chatty');
    assert.ok(reader.events > 0);
    assert.ok((await reader.call('workspace')).ok);
    stalled.ws.resume();
    await until('the stalled client to see its socket closed', () => stalled.closedWith !== undefined);
    reader.close();
  });
});
