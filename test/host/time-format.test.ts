import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextCronFire } from '../../main/host/cron-schedule.ts';
import { formatTicks } from '../../main/local-calls/strftime.ts';

test('time-format follows chrono strftime in UTC', () => {
  assert.equal(formatTicks(123, '%Y-%m-%dT%H:%M:%S%.3fZ'), '1970-01-01T00:00:00.123Z');
  const t = Date.UTC(2026, 10, 29, 21, 4, 5, 7);
  assert.equal(formatTicks(t, '%a %b %e %I:%M %p %j'), 'Sun Nov 29 09:04 PM 333');
  assert.equal(formatTicks(t, '%F %T %z %Z %%'), '2026-11-29 21:04:05 +0000 UTC %');
  assert.equal(formatTicks(Date.UTC(2021, 0, 3), '%G-W%V-%u'), '2020-W53-7');
  assert.equal(formatTicks(t, '%s'), String(Math.floor(t / 1000)));
});

test('time-format gives an empty string out of range', () => {
  assert.equal(formatTicks(9e15, '%Y'), '');
});

test('cron specs are seconds-first with six or seven fields, in UTC', () => {
  const from = Date.UTC(2026, 0, 1, 12, 0, 0, 500);
  assert.equal(nextCronFire('*/10 * * * * *', from), Date.UTC(2026, 0, 1, 12, 0, 10));
  assert.equal(nextCronFire('0 30 6 * * *', from), Date.UTC(2026, 0, 2, 6, 30, 0));
  assert.equal(nextCronFire('0 0 0 1 1 * 2030', from), Date.UTC(2030, 0, 1));
});

test('cron days of week count from Sunday = 1, and day fields must both match', () => {
  const thursday = Date.UTC(2026, 0, 1);
  assert.equal(nextCronFire('0 0 0 * * 1', thursday), Date.UTC(2026, 0, 4), '1 is Sunday');
  assert.equal(nextCronFire('0 0 0 * * 2-3', thursday), Date.UTC(2026, 0, 5), '2-3 is Monday to Tuesday');
  assert.equal(nextCronFire('0 0 0 * * Sat', thursday), Date.UTC(2026, 0, 3));
  assert.equal(nextCronFire('0 0 0 13 * 6', thursday), Date.UTC(2026, 1, 13), 'the next Friday the 13th');
  assert.throws(() => nextCronFire('0 0 0 * * 0'), /day of week 0 is not in 1-7/);
});

test('bad cron specs are rejected with "invalid cron spec"', () => {
  assert.throws(() => nextCronFire('* * * * *'), /invalid cron spec .*expected 6 or 7 fields/);
  assert.throws(() => nextCronFire('nonsense a b c d e'), /invalid cron spec/);
  assert.throws(() => nextCronFire('0 0 0 1 1 * 2020', Date.UTC(2026, 0, 1)), /has no future fire time/);
});
