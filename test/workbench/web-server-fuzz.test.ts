// A bounded fuzz of web mode: a few hundred random and mutated inputs from a seeded PRNG, raw on
// real TCP sockets, at the HTTP endpoint (requests, targets, upgrades) and the API socket (frames
// with random header bits, mutated requests, random bytes). Every input must get an answer or a
// close on its own connection, and after each batch the server must answer a good request and
// its agent must still step. A failure names the seed and the input, so it can be replayed.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seededRandom } from '../seeded-random.ts';
import {
  OPCODE,
  RawApiSocket,
  answersAGoodRequest,
  clientFrame,
  rawHttp,
  startWebFixture,
  statusOf,
  textFrame,
  type WebFixture,
} from './web-fixture.ts';

const SEED = 0x5eed_0b12;
const INPUTS_PER_ENDPOINT = 240;
const BATCH = 40;
const PROBE_ID = 1_000_000;

/** Picks inputs from a seeded source, so a failure found once is found again. */
function prng(seed: number) {
  const next = seededRandom(seed);
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(256)));
  return { next, int, pick, bytes, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof prng>;

const TARGET_PIECES = [
  '/',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%2e%2e%2f',
  '..',
  '[',
  ']',
  '\\',
  '?token=',
  '#',
  '@',
  ':',
  '\u00e9',
  'http://[',
  '//x',
];

function randomText(random: Random, maxLength: number): string {
  const alphabet = 'aZ09 -_./\\%[]{}"\':?#&=\u00e9\u4e2d\ud83d';
  return Array.from({ length: random.int(maxLength + 1) }, () => random.pick([...alphabet])).join('');
}

function randomTarget(random: Random): string {
  const parts = Array.from({ length: 1 + random.int(5) }, () =>
    random.chance(0.7) ? random.pick(TARGET_PIECES) : randomText(random, 6),
  );
  return parts.join('');
}

/** Byte-level mutations of a valid input: flips, insertions, deletions, cuts. */
function mutateBytes(random: Random, input: Buffer): Buffer {
  let bytes = Buffer.from(input);
  for (let n = 1 + random.int(4); n > 0; n--) {
    const at = random.int(bytes.length + 1);
    switch (random.int(4)) {
      case 0:
        if (bytes.length > 0) bytes[Math.min(at, bytes.length - 1)] = random.int(256);
        break;
      case 1:
        bytes = Buffer.concat([bytes.subarray(0, at), random.bytes(1 + random.int(8)), bytes.subarray(at)]);
        break;
      case 2:
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + random.int(8))]);
        break;
      default:
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(random.pick(['\r\n', '%', ' ', ':', '\0'])),
          bytes.subarray(at),
        ]);
    }
  }
  return bytes;
}

function httpInput(random: Random, web: WebFixture): Buffer {
  const { port, token } = web.server;
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const cookie = `Cookie: brainbench_token=${token}\r\n`;
  const upgrade = `Origin: http://127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n`;
  const method = random.pick(['GET', 'HEAD', 'POST', 'OPTIONS', 'G\u00e9T', '']);
  switch (random.int(4)) {
    case 0:
      return random.bytes(random.int(300));
    case 1:
      return Buffer.from(
        `${method} ${randomTarget(random)} HTTP/1.1\r\n${host}${random.chance(0.7) ? cookie : ''}\r\n`,
        'latin1',
      );
    case 2:
      return Buffer.from(
        `GET ${random.chance(0.5) ? randomTarget(random) : `/api?token=${token}`} HTTP/1.1\r\n${host}${upgrade}\r\n`,
        'latin1',
      );
    default:
      return mutateBytes(random, Buffer.from(`GET /?token=${token} HTTP/1.1\r\n${host}${cookie}\r\n`));
  }
}

/** Requests whose valid forms are harmless to the workspace (no writes, loops or restarts). */
const TEMPLATES: unknown[][] = [
  ['inject', ['a', { kind: 'message', data: 'x' }]],
  ['inject', ['a', { kind: 'chat-delta', data: { content: '', usage: { prompt_tokens: 1 } } }]],
  ['inject', ['a', { kind: 'endpoint-message', data: { session: 's', messages: [{ role: 'user' }], tools: [] } }]],
  ['inject', ['a', { kind: 'timer' }]],
  ['setBreakpoints', ['nobody', ['host.recv']]],
  ['resume', ['a', 'continue']],
  ['cancel', ['a', 'timers', 'u']],
  ['registries', ['a']],
  ['readFile', ['a.rhai']],
  ['checkConfig', ['[agents]']],
  ['checkBrain', ['a.rhai', '40 +']],
  ['describeTooling', ['none']],
  ['workspace', []],
  ['step', ['a']],
];

function randomJson(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, 2 ** 53, 1e308, 42]);
    case 2:
      return randomText(random, 12);
    case 3:
      return random.chance(0.5);
    case 4:
      return random.pick(['a', 'message', 'kind', 'data', '__proto__', 'constructor']);
    case 5:
      return Array.from({ length: random.int(4) }, () => randomJson(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(['kind', 'data', 'id', 'x', '__proto__']),
          randomJson(random, depth + 1),
        ]),
      );
  }
}

/** Replaces, removes or adds one node somewhere in `value`. */
function mutateJson(random: Random, value: unknown, depth = 0): unknown {
  if (depth > 0 && random.chance(0.3)) return randomJson(random);
  if (Array.isArray(value) && value.length > 0) {
    const copy = [...value];
    const at = random.int(copy.length);
    const change = random.int(7);
    if (change === 0) copy.splice(at, 1);
    else if (change === 1) copy.push(randomJson(random));
    else copy[at] = mutateJson(random, copy[at], depth + 1);
    return copy;
  }
  if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
    const copy: Record<string, unknown> = { ...value };
    const key = random.pick(Object.keys(copy));
    const change = random.int(7);
    if (change === 0) delete copy[key];
    else if (change === 1) copy[random.pick(['x', 'kind', 'data'])] = randomJson(random);
    else copy[key] = mutateJson(random, copy[key], depth + 1);
    return copy;
  }
  return randomJson(random);
}

interface WsInput {
  frames: Buffer[];
  /** The id of a request the frames carry whole, which must then be answered. */
  requestId?: number;
  /** Unframed bytes: the connection is ended after them, as a frame may be left incomplete. */
  raw?: true;
}

function wsInput(random: Random, index: number): WsInput {
  switch (random.int(4)) {
    case 0: {
      const [method, params] = random.pick(TEMPLATES);
      const id = random.chance(0.9) ? index + 1 : randomJson(random);
      const request = random.chance(0.8)
        ? { id, method, params: mutateJson(random, params) }
        : mutateJson(random, { id, method, params });
      const requestId = typeof id === 'number' && (request as { id?: unknown }).id === id ? id : undefined;
      return { frames: [textFrame(JSON.stringify(request))], ...(requestId ? { requestId } : {}) };
    }
    case 1: {
      const payload = random.chance(0.5)
        ? Buffer.from(JSON.stringify(randomJson(random)))
        : random.bytes(random.int(200));
      const frame = clientFrame(
        random.chance(0.6) ? random.pick([OPCODE.text, OPCODE.binary, OPCODE.ping, OPCODE.pong]) : random.int(16),
        payload,
        {
          fin: random.chance(0.8),
          rsv: random.chance(0.85) ? 0 : random.int(8),
          mask: random.chance(0.9),
        },
      );
      return { frames: [frame] };
    }
    case 2:
      return {
        frames: [mutateBytes(random, textFrame(JSON.stringify({ id: index + 1, method: 'workspace', params: [] })))],
        raw: true,
      };
    default:
      return { frames: [random.bytes(1 + random.int(64))], raw: true };
  }
}

let web: WebFixture;

async function stillUp(): Promise<void> {
  await answersAGoodRequest(web.server);
  const socket = await RawApiSocket.open(web.server);
  socket.send(textFrame(JSON.stringify({ id: 1, method: 'step', params: ['a'] })));
  assert.deepEqual((await socket.response(1)).result, { kind: 'outcome', outcome: { exited: '42' } });
  socket.destroy();
}

describe(`web mode server under fuzzing (seed ${SEED.toString(16)})`, () => {
  before(async () => {
    web = await startWebFixture();
  });
  after(() => web.close());

  it('answers or closes on every HTTP input and stays up', async () => {
    const random = prng(SEED);
    const statuses = new Map<number, number>();
    for (let i = 0; i < INPUTS_PER_ENDPOINT; i++) {
      const input = httpInput(random, web);
      const what = `HTTP input ${i} (seed ${SEED.toString(16)}): ${JSON.stringify(input.toString('latin1'))}`;
      const answer = await rawHttp(web.server.port, input, true);
      const status = statusOf(answer);
      assert.ok(answer === '' || (status >= 100 && status < 600), `${what} got ${JSON.stringify(answer.slice(0, 80))}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if ((i + 1) % BATCH === 0) await stillUp();
    }
    // Most inputs are broken on purpose; the server must have refused them, not served them.
    const refused = [...statuses]
      .filter(([status]) => status === 0 || status >= 400)
      .reduce((n, [, count]) => n + count, 0);
    assert.ok(
      refused > INPUTS_PER_ENDPOINT / 2,
      `refused ${refused} of ${INPUTS_PER_ENDPOINT}: ${JSON.stringify([...statuses])}`,
    );
  });

  it('answers or closes on every WebSocket input and stays up', async () => {
    const random = prng(SEED ^ 0xffff);
    for (let i = 0; i < INPUTS_PER_ENDPOINT; i++) {
      const input = wsInput(random, i);
      const what = `WebSocket input ${i} (seed ${SEED.toString(16)}): ${input.frames.map((f) => f.toString('hex')).join(' ')}`;
      const socket = await RawApiSocket.open(web.server);
      for (const frame of input.frames) socket.send(frame);
      if (input.raw) {
        socket.connection.socket.end();
        await socket.connection.untilClosed();
        continue;
      }
      // A probe after the input: its answer shows the socket still reads requests; a close frame
      // shows the input was refused.
      socket.send(textFrame(JSON.stringify({ id: PROBE_ID, method: 'workspace', params: [] })));
      const settled = () =>
        socket.frames().some((frame) => frame.opcode === OPCODE.close) ||
        socket.messages().some((m) => m.kind === 'response' && m.id === PROBE_ID);
      assert.ok(await socket.connection.until(settled), `${what}: neither answered nor closed`);
      const close = socket.frames().find((frame) => frame.opcode === OPCODE.close);
      if (close)
        assert.ok(close.payload.length === 0 || close.payload.length >= 2, `${what}: a close frame with a code`);
      else if (input.requestId !== undefined) {
        const answer = await socket.response(input.requestId);
        assert.ok(
          answer.ok === true || (typeof answer.error === 'string' && answer.error.length > 0),
          `${what}: ${JSON.stringify(answer)}`,
        );
      }
      socket.destroy();
      if ((i + 1) % BATCH === 0) await stillUp();
    }
  });
});
