// A real web-mode server on a real Workbench for the tests that speak to it: one workspace with
// agent `a` (a Rhai brain that exits 42), a static folder beside a file the browser must never
// get, plain TCP connections, hand-built WebSocket frames, and a parser for the frames the server
// sends back.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { startWebServer, type WebServer } from '../../main/web/web-server.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

/** Long enough for a loaded machine; nothing here asserts that the server was fast. */
const PATIENCE_MS = 15_000;

export interface WebFixture {
  server: WebServer;
  workbench: Workbench;
  close(): Promise<void>;
}

export async function startWebFixture(): Promise<WebFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-web-'));
  const ui = join(dir, 'ui');
  mkdirSync(ui);
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
  writeFileSync(join(ui, 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the browser');
  const workspace = join(dir, 'ws');
  mkdirSync(workspace);
  writeFileSync(
    join(workspace, 'omw.toml'),
    '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n',
  );
  writeFileSync(join(workspace, 'a.rhai'), '40 + 2');
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  await workbench.open(workspace);
  const server = await startWebServer({ workbench, staticDir: ui });
  return {
    server,
    workbench,
    async close() {
      await server.close();
      await workbench.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One TCP connection that keeps everything it receives. */
export class RawConnection {
  received = Buffer.alloc(0);
  closed = false;
  private wake: () => void = () => undefined;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** Waits until `done` holds for what arrived, or the connection closed; says which. */
  async until(done: (received: Buffer) => boolean): Promise<boolean> {
    const deadline = Date.now() + PATIENCE_MS;
    while (!done(this.received) && !this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return done(this.received);
  }

  async untilClosed(): Promise<void> {
    await this.until(() => false);
    assert.ok(this.closed, 'the server closes the connection');
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * Sends raw HTTP bytes and reads the answer until the server closes the connection. `halfClose`
 * ends the sending side too, for bytes that may not complete a request (the server then answers
 * what it has, or just closes).
 */
export async function rawHttp(port: number, bytes: string | Buffer, halfClose = false): Promise<string> {
  const connection = await RawConnection.open(port);
  connection.write(bytes);
  if (halfClose) connection.socket.end();
  await connection.untilClosed();
  return connection.received.toString('latin1');
}

export const statusOf = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0);

export function pageRequest(server: Pick<WebServer, 'port' | 'token'>, target = `/?token=${server.token}`): string {
  return `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`;
}

export function upgradeRequest(server: WebServer, target = `/api?token=${server.token}`): string {
  return (
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://127.0.0.1:${server.port}\r\n` +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`
  );
}

export interface FrameOptions {
  fin?: boolean;
  /** The three RSV bits; no extension is negotiated, so any set is a protocol error. */
  rsv?: number;
  /** Clients must mask; false sends the payload bare. */
  mask?: boolean;
  /** A length to declare instead of the payload's (an oversized frame need not be sent whole). */
  declaredLength?: number;
}

export const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

/** A client-to-server WebSocket frame (RFC 6455 5.2). */
export function clientFrame(opcode: number, payload: Buffer | string, options: FrameOptions = {}): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const { fin = true, rsv = 0, mask = true, declaredLength = body.length } = options;
  const head = [((fin ? 1 : 0) << 7) | ((rsv & 7) << 4) | (opcode & 15)];
  const maskBit = mask ? 0x80 : 0;
  let length: Buffer;
  if (declaredLength < 126) length = Buffer.from([maskBit | declaredLength]);
  else if (declaredLength < 65536) {
    length = Buffer.alloc(3);
    length[0] = maskBit | 126;
    length.writeUInt16BE(declaredLength, 1);
  } else {
    length = Buffer.alloc(9);
    length[0] = maskBit | 127;
    length.writeBigUInt64BE(BigInt(declaredLength), 1);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), length, body]);
  const key = randomBytes(4);
  const masked = Buffer.from(body.map((byte, i) => byte ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(head), length, key, masked]);
}

export const textFrame = (text: string): Buffer => clientFrame(OPCODE.text, text);

export interface ServerFrame {
  opcode: number;
  payload: Buffer;
}

/** The complete frames in `bytes` (server frames are unmasked). */
export function parseServerFrames(bytes: Buffer): ServerFrame[] {
  const frames: ServerFrame[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 15;
    let length = bytes[at + 1]! & 127;
    let start = at + 2;
    if (length === 126) {
      if (start + 2 > bytes.length) break;
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > bytes.length) break;
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > bytes.length) break;
    frames.push({ opcode, payload: bytes.subarray(start, start + length) });
    at = start + length;
  }
  return frames;
}

/** An upgraded API socket spoken to in raw frames. */
export class RawApiSocket {
  private constructor(
    readonly connection: RawConnection,
    private readonly handshakeBytes: number,
  ) {}

  static async open(server: WebServer): Promise<RawApiSocket> {
    const connection = await RawConnection.open(server.port);
    connection.write(upgradeRequest(server));
    const end = (received: Buffer) => received.indexOf('\r\n\r\n');
    assert.ok(await connection.until((received) => end(received) !== -1), 'the server answers the upgrade');
    const head = connection.received.subarray(0, end(connection.received)).toString('latin1');
    assert.match(head, /^HTTP\/1\.1 101 /);
    return new RawApiSocket(connection, end(connection.received) + 4);
  }

  send(frame: Buffer): void {
    this.connection.write(frame);
  }

  frames(): ServerFrame[] {
    return parseServerFrames(this.connection.received.subarray(this.handshakeBytes));
  }

  /** The JSON messages of the text frames so far. */
  messages(): Record<string, unknown>[] {
    return this.frames()
      .filter((frame) => frame.opcode === OPCODE.text)
      .map((frame) => JSON.parse(frame.payload.toString()) as Record<string, unknown>);
  }

  /** The answer to request `id`, once it arrives. */
  async response(id: number): Promise<Record<string, unknown>> {
    const find = () => this.messages().find((m) => m.kind === 'response' && m.id === id);
    assert.ok(await this.connection.until(() => find() !== undefined), `an answer to request ${id}`);
    return find()!;
  }

  /** The server's close frame: its code and reason. */
  async closeFrame(): Promise<{ code: number; reason: string }> {
    const find = () => this.frames().find((frame) => frame.opcode === OPCODE.close);
    assert.ok(await this.connection.until(() => find() !== undefined), 'the server sends a close frame');
    const payload = find()!.payload;
    return { code: payload.readUInt16BE(0), reason: payload.subarray(2).toString() };
  }

  destroy(): void {
    this.connection.destroy();
  }
}

/** A request and its answer on a fresh API socket: the server is up and answering. */
export async function answersAGoodRequest(server: WebServer): Promise<void> {
  const socket = await RawApiSocket.open(server);
  socket.send(textFrame(JSON.stringify({ id: 1, method: 'workspace', params: [] })));
  const answer = await socket.response(1);
  socket.destroy();
  assert.equal(answer.ok, true, JSON.stringify(answer));
  const page = await rawHttp(server.port, pageRequest(server));
  assert.equal(statusOf(page), 200);
}
