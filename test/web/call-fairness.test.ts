// Twenty sockets flood a real web-mode server with API calls, cheap and expensive, while a
// separate client (the page) makes its calls one after another: the page's calls wait their turn
// beside the flood's, not behind all of it.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiMethod } from '../../contract/workbench-api.ts';
import {
  ApiClient,
  LONG_BRAIN,
  percentile,
  startLoadFixture,
  type Answer,
  type LoadFixture,
} from './web-load-fixture.ts';

const FLOODERS = 20;
const CALLS_EACH = 100;
/** The flood: reading the whole trace, checking a long brain, the config schema, and cheap calls. */
const MIX: [ApiMethod, unknown[]][] = [
  ['traceHistory', []],
  ['checkBrain', ['long.rhai', LONG_BRAIN]],
  ['configSchema', []],
  ['workspace', []],
  ['readFile', ['chatty.rhai']],
];

describe('web mode server under a flood of API calls', { timeout: 300_000 }, () => {
  let fixture: LoadFixture;
  before(async () => {
    fixture = await startLoadFixture();
    // A trace worth reading: a few seconds of the chatty agent.
    fixture.workbench.loop('chatty');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await fixture.workbench.stop('chatty');
  });
  after(() => fixture.close());

  it('answers another client’s calls far sooner than the flood’s', async () => {
    const page = await ApiClient.open(fixture.server);
    const flooders = await Promise.all(Array.from({ length: FLOODERS }, () => ApiClient.open(fixture.server)));
    const flood: Promise<Answer>[] = [];
    for (const client of flooders)
      for (let i = 0; i < CALLS_EACH; i++) {
        const [method, params] = MIX[i % MIX.length]!;
        flood.push(client.call(method, ...params));
      }
    let flooding = true;
    const answered = Promise.all(flood).finally(() => (flooding = false));
    const pageAnswers: Answer[] = [];
    while (flooding) {
      const reading = pageAnswers.length % 2 === 0;
      pageAnswers.push(await (reading ? page.call('readFile', 'chatty.rhai') : page.call('workspace')));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const floodAnswers = await answered;
    for (const client of [page, ...flooders]) client.close();

    assert.ok(
      pageAnswers.every((answer) => answer.ok),
      'every call of the page is answered',
    );
    assert.ok(pageAnswers.length >= 10, `the page made ${pageAnswers.length} calls during the flood`);
    const pageP99 = percentile(
      pageAnswers.map((answer) => answer.ms),
      0.99,
    );
    const floodP99 = percentile(
      floodAnswers.filter((answer) => answer.ok).map((answer) => answer.ms),
      0.99,
    );
    const figures = `page p99 ${Math.round(pageP99)} ms, flood p99 ${Math.round(floodP99)} ms`;
    assert.ok(pageP99 < floodP99 / 10, figures);
    assert.ok(pageP99 < 10_000, figures);
  });
});
