// The accounting of recordings made by real runs: a blocking chat and a stream (whose usage
// arrives on its deltas) priced from the config, a model without a price, the latency
// waterfall, the price table's validation errors, and `brainbench accounting`.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { join } from 'node:path';
import { test } from 'node:test';
import { costText } from '../../contract/accounting-views.ts';
import { ConfigError } from '../../main/config/config-error.ts';
import { loadConfig } from '../../main/config/load-config.ts';
import { priceTableOf } from '../../main/config/params/price-table-params.ts';
import { Host } from '../../main/host/host.ts';
import { testConfigJsonSchema } from '../../main/json-schema/config-json-schema.ts';
import { accountingOf } from '../../main/recording/accounting.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { jsAgents, workspace } from '../supervisor/workspace.ts';
import { recordedSteps } from '../recording/recorded-steps.ts';

const BRAIN = `
const p = omw.provider.get('p');
const s = p.chatStream('m', [{ role: 'user', content: 'hi' }], []);
let text = '';
for (;;) {
  const e = omw.host.recv();
  if (e.id !== s) continue;
  if (e.kind === 'chat-end') break;
  text += e.payload.content ?? '';
}
const b = p.chat('m2', [{ role: 'user', content: 'x' }], []);
const c = omw.provider.get('free').chat('other', [{ role: 'user', content: 'y' }], []);
text + b.content + c.content;
`;

const CONFIG = `${jsAgents(['alice'])}
[providers.p]
kind = "mock"
turns = [
  { content = "streamed", usage = { prompt_tokens = 1000, completion_tokens = 500 } },
  { content = "blocking", usage = { prompt_tokens = 2000, completion_tokens = 100 } },
]
[providers.p.prices."m"]
input_per_mtok = 2.5
output_per_mtok = 10.0
[providers.p.prices."m2"]
input_per_mtok = 1
output_per_mtok = 2
currency = "EUR"

[providers.free]
kind = "mock"
turns = [ { content = "!", usage = { prompt_tokens = 7, completion_tokens = 3 } } ]
`;

const CLI = join(import.meta.dirname, '../../bin/brainbench.mjs');

test('tokens and cost per call, iteration, agent and run; streamed usage goes to the call that opened the stream', async () => {
  const { file } = await recordedSteps(CONFIG, { 'alice.js': BRAIN }, 2);
  const accounting = accountingOf(loadRecording(file), file);
  const view = accounting.view();
  assert.equal(view.priced, true);
  const [alice] = view.agents;
  assert.equal(alice!.iterations.length, 2);
  // Per iteration: the stream (1000 + 500 at 2.5/10 USD), the blocking chat with m2 (2000 + 100
  // at 1/2 EUR), and the unpriced provider (7 + 3).
  const first = alice!.iterations[0]!;
  assert.equal(first.error, undefined, first.error);
  assert.equal(first.providerCalls, 3);
  assert.deepEqual(first.tokens, { prompt: 3007, completion: 603, total: 3610 });
  assert.equal(first.cost.unpriced, 1);
  assert.ok(Math.abs(first.cost.amounts['USD']! - 0.0075) < 1e-12);
  assert.ok(Math.abs(first.cost.amounts['EUR']! - 0.0022) < 1e-12);
  assert.equal(costText(first.cost), '0.0022 EUR + 0.0075 USD (+1 call without a price)');
  // The mock's last turn repeats: the second stream is answered with 2000 + 100.
  assert.deepEqual(alice!.totals.tokens, { prompt: 7014, completion: 806, total: 7820 });
  assert.ok(Math.abs(view.run.cost.amounts['USD']! - 0.0135) < 1e-12);
  assert.equal(view.run.cost.unpriced, 2);
  assert.deepEqual(
    view.models.map((m) => [m.provider, m.model, m.providerCalls, m.tokens.total, costText(m.cost)]),
    [
      ['free', 'other', 2, 20, 'no price'],
      ['p', 'm', 2, 3600, '0.0135 USD'],
      ['p', 'm2', 2, 4200, '0.0044 EUR'],
    ],
  );

  const waterfall = accounting.waterfall('alice', 0);
  assert.equal(waterfall.bars.length, first.calls);
  const stream = waterfall.bars.find((bar) => bar.op === 'provider.chat-stream')!;
  assert.deepEqual(stream.usage?.tokens, { prompt: 1000, completion: 500, total: 1500 });
  assert.equal(stream.usage?.streamed, true);
  assert.ok(stream.endMs! >= stream.startMs + stream.durationMs, 'the stream spans to its end');
  assert.equal(stream.open, undefined);
  const blocking = waterfall.bars.find((bar) => bar.op === 'provider.chat' && bar.usage?.provider === 'p')!;
  assert.deepEqual(blocking.usage?.cost, { amount: 0.0022, currency: 'EUR' });
  for (const [i, bar] of waterfall.bars.entries()) {
    assert.ok(bar.startMs >= 0 && bar.startMs <= waterfall.durationMs! + 50, `bar ${i} starts in the iteration`);
    if (i > 0) assert.ok(bar.startMs >= waterfall.bars[i - 1]!.startMs, 'in call order');
  }
  assert.throws(() => accounting.waterfall('alice', 2), /no iteration at position 2/);
});

test('a recording without prices says "no price", never 0', async () => {
  const { file } = await recordedSteps(CONFIG.replace(/\[providers\.p\.prices[^[]*/g, ''), { 'alice.js': BRAIN });
  const view = accountingOf(loadRecording(file), file).view();
  assert.equal(view.priced, false);
  assert.equal(costText(view.run.cost), 'no price');
  assert.equal(view.run.cost.unpriced, 3);
});

test('a bad price is a config error at its file:line:column', () => {
  const ws = workspace(`${jsAgents(['alice'])}\n[providers.p]\nkind = "mock"\n`, { 'alice.js': '1' });
  ws.supervisor.dispose();
  const head = `${jsAgents(['alice'])}\n[providers.p]\nkind = "mock"\n`;
  const write = (text: string) => {
    ws.write('omw.toml', `${head}${text}`);
    return join(ws.dir, 'omw.toml');
  };
  /** The 1-based line of the price table's line `n` (1: its header). */
  const line = (n: number) => head.split('\n').length - 1 + n;
  const errorOf = (file: string, check: (file: string) => unknown) => {
    try {
      check(file);
    } catch (error) {
      assert.ok(error instanceof ConfigError, String(error));
      return error.message;
    }
    assert.fail('accepted');
  };
  const prices = (file: string) => priceTableOf(loadConfig(file, { env: {} }));
  // Building the back ends checks the key too, as every provider key is checked.
  const build = (file: string) => new Host(loadConfig(file, { env: {} }));
  const negative = write('[providers.p.prices."m"]\ninput_per_mtok = -1\noutput_per_mtok = 2\n');
  for (const check of [prices, build])
    assert.match(
      errorOf(negative, check),
      new RegExp(
        `omw\\.toml:${line(2)}:1: providers\\.p\\.prices\\.m\\.input_per_mtok: expected a number >= 0 \\(found -1\\)`,
      ),
    );
  const typo = write('[providers.p.prices."m"]\ninput_per_mtok = 1\noutput_per_mtk = 2\n');
  assert.match(
    errorOf(typo, prices),
    new RegExp(
      `omw\\.toml:${line(3)}:1: providers\\.p\\.prices\\.m\\.output_per_mtk: expected one of the keys input_per_mtok, output_per_mtok, currency`,
    ),
  );
  const currency = write('[providers.p.prices."m"]\ninput_per_mtok = 1\noutput_per_mtok = 2\ncurrency = "dollars"\n');
  assert.match(
    errorOf(currency, prices),
    new RegExp(`omw\\.toml:${line(4)}:1: providers\\.p\\.prices\\.m\\.currency: expected a three-letter currency code`),
  );
  assert.deepEqual(prices(write('[providers.p.prices."m"]\ninput_per_mtok = 1\noutput_per_mtok = 2\n')), {
    p: { m: { input_per_mtok: 1, output_per_mtok: 2, currency: 'USD' } },
  });
});

test('brainbench accounting FILE prints per agent and iteration, --json the structure; diff adds cost', async () => {
  const { file } = await recordedSteps(CONFIG, { 'alice.js': BRAIN }, 2);
  const text = execFileSync(process.execPath, [CLI, 'accounting', file], { encoding: 'utf8' });
  assert.match(
    text,
    /^alice: 2 iterations, \d+ calls \(6 to providers\), tokens 7820 \(prompt 7014, completion 806\), cost 0\.0044 EUR \+ 0\.0135 USD \(\+2 calls without a price\)$/m,
  );
  assert.match(text, /^ {2}iteration +duration +calls +chats +prompt +completion +total +cost$/m);
  assert.match(
    text,
    /^ {2}#1 +[\d.]+ ms +\d+ +3 +3007 +603 +3610 +0\.0022 EUR \+ 0\.0075 USD \(\+1 call without a price\)$/m,
  );
  assert.match(text, /^run: 1 agent, /m);
  assert.match(text, /^ {2}free other: 2 calls, tokens 20 \(prompt 14, completion 6\), cost no price$/m);
  const json = JSON.parse(execFileSync(process.execPath, [CLI, 'accounting', file, '--json'], { encoding: 'utf8' }));
  assert.equal(json.agents[0].iterations[1].tokens.total, 4210);
  const diff = execFileSync(process.execPath, [CLI, 'diff', file, file], { encoding: 'utf8' });
  assert.match(
    diff,
    /tokens: 7820 -> 7820 \(\+0\); cost: 0\.0044 EUR \+ 0\.0135 USD \(\+2 calls without a price\) -> 0\.0044 EUR/,
  );
});

test('the JSON schema (brainbench schema) describes the price table on every provider kind', () => {
  const validate = new Ajv2020({ strict: false }).compile(testConfigJsonSchema());
  const config = (kind: string, price: Record<string, unknown>) => ({
    providers: { p: { kind, ...(kind === 'mock' ? {} : { model: 'm' }), prices: { m: price } } },
  });
  for (const kind of ['mock', 'openai', 'anthropic']) {
    assert.equal(validate(config(kind, { input_per_mtok: 2.5, output_per_mtok: 10, currency: 'EUR' })), true, kind);
    assert.equal(validate(config(kind, { input_per_mtok: 2.5 })), false, `${kind}: output_per_mtok is required`);
    assert.equal(validate(config(kind, { input_per_mtok: 1, output_per_mtok: 1, cost: 1 })), false, kind);
  }
});
