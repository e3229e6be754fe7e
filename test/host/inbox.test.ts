import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HostCallError } from '../../main/host-api/host-call-error.ts';
import { Bus } from '../../main/host/bus.ts';
import { Inbox } from '../../main/host/inbox.ts';

const message = (id: string, data: string) => ({ id, event: { kind: 'message' as const, data } });
const never = new AbortController().signal;

test('an inbox is FIFO and bounded', () => {
  const inbox = new Inbox(2);
  assert.equal(inbox.push(message('a', '1')), true);
  assert.equal(inbox.push(message('a', '2')), true);
  assert.equal(inbox.push(message('a', '3')), false, 'a full inbox rejects the delivery');
  assert.deepEqual(inbox.tryTake(), message('a', '1'));
  assert.deepEqual(inbox.tryTake(), message('a', '2'));
  assert.equal(inbox.tryTake(), undefined);
});

test('take waits for the next delivery and hands envelopes to waiters in order', async () => {
  const inbox = new Inbox(4);
  const first = inbox.take(1000, never);
  const second = inbox.take(1000, never);
  inbox.push(message('x', 'one'));
  inbox.push(message('x', 'two'));
  assert.deepEqual(await first, message('x', 'one'));
  assert.deepEqual(await second, message('x', 'two'));
  assert.equal(inbox.size, 0);
});

test('take fails with "no event available" after its timeout', async () => {
  const inbox = new Inbox(4);
  const started = Date.now();
  await assert.rejects(inbox.take(30, never), (error: Error) => {
    assert.ok(error instanceof HostCallError);
    assert.equal(error.message, 'no event available');
    return true;
  });
  assert.ok(Date.now() - started >= 25);
  inbox.push(message('late', 'kept'));
  assert.equal(inbox.size, 1, 'a timed-out waiter must not swallow later deliveries');
});

test('an aborted take leaves queued events in place', async () => {
  const inbox = new Inbox(4);
  inbox.push(message('q', 'queued'));
  const controller = new AbortController();
  controller.abort(new HostCallError('agent reloaded'));
  await assert.rejects(inbox.take(1000, controller.signal), /agent reloaded/);
  assert.equal(inbox.size, 1);
});

test('abort wakes a waiting take', async () => {
  const inbox = new Inbox(4);
  const controller = new AbortController();
  const waiting = inbox.take(10_000, controller.signal);
  controller.abort(new HostCallError('agent stopped'));
  await assert.rejects(waiting, /agent stopped/);
  inbox.push(message('after', 'x'));
  assert.equal(inbox.size, 1);
});

test('retain keeps the order of what it keeps', () => {
  const inbox = new Inbox(8);
  for (const n of ['1', '2', '3', '4']) inbox.push(message('m', n));
  inbox.tryTake();
  inbox.retain((e) => e.event.kind === 'message' && e.event.data !== '3');
  assert.deepEqual(
    inbox.peek().map((e) => (e.event.kind === 'message' ? e.event.data : '')),
    ['2', '4'],
  );
});

test('agent subscriptions: one UUID per pair, only the owner unsubscribes', () => {
  const bus = new Bus(8);
  bus.subscribeAgent('bob', 'alice', 'u1');
  bus.subscribeAgent('carol', 'alice', 'u2');
  bus.subscribeAgent('bob', 'alice', 'u3');
  assert.deepEqual(bus.listenersOf('alice'), [
    { agent: 'bob', uuid: 'u3' },
    { agent: 'carol', uuid: 'u2' },
  ]);
  assert.equal(bus.unsubscribeAgent('bob', 'u1'), false, 'a replaced UUID is gone');
  assert.equal(bus.unsubscribeAgent('bob', 'u2'), false, "carol's subscription is not bob's");
  assert.equal(bus.unsubscribeAgent('carol', 'u2'), true);
  assert.deepEqual(bus.listenersOf('alice'), [{ agent: 'bob', uuid: 'u3' }]);
});
