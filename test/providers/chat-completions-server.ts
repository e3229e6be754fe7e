import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// A real OpenAI-compatible HTTP server on 127.0.0.1 for the provider tests: it answers each chat
// request by the requested model's script and streams genuine SSE.

/**
 * How a reply ends after its events: `[DONE]`, the connection closed without `[DONE]`, a
 * connection that stays open and silent, a dropped socket, or a TCP reset.
 */
export type ReplyEnd = 'done' | 'close' | 'stall' | 'drop' | 'reset';

export interface ScriptedReply {
  /** Each is sent as its own `data:` event and its own socket write. */
  events: unknown[];
  end?: ReplyEnd;
  /** An HTTP error instead of a stream: its body is `errorBody` as plain text, or a JSON error. */
  status?: number;
  errorBody?: string;
  headers?: Record<string, string>;
  /** Named SSE events (Anthropic style): `[name, data]` pairs take the place of `events`. */
  named?: [string, unknown][];
  /** One JSON body (a non-streamed completion) instead of a stream, as some servers answer a streamed request. */
  json?: unknown;
  /** The stream's bytes are written in pieces this long, a moment apart, cutting lines and characters anywhere. */
  pieceBytes?: number;
  /** The stream's bytes are written one at a time, this many ms apart: a slow but living server. */
  dripMs?: number;
  /** Accept the request and never answer it, not even with headers. */
  silent?: boolean;
  /** A `data:` payload sent as it is after the events: malformed JSON, for one. */
  rawData?: string;
  /** The `event:` name of `rawData`'s event (Anthropic style), if it has one. */
  rawEvent?: string;
  /** The reply to the next request for the same model. */
  then?: ScriptedReply;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
}

export interface ChatCompletionsServer {
  /** e.g. `http://127.0.0.1:40123` */
  origin: string;
  requests: RecordedRequest[];
  /** Resolves when the client has closed the connection of the request with this model. */
  clientGone(model: string): Promise<void>;
  close(): Promise<void>;
}

export async function startChatCompletionsServer(
  scripts: Record<string, ScriptedReply>,
  models: string[] = Object.keys(scripts),
): Promise<ChatCompletionsServer> {
  const requests: RecordedRequest[] = [];
  const current = new Map<string, ScriptedReply>();
  const gone = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const goneFor = (model: string) => {
    let entry = gone.get(model);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      gone.set(model, entry);
    }
    return entry;
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    if (req.method === 'GET' && req.url?.endsWith('/models')) return sendModels(res, models);
    const model = String(body?.['model']);
    res.on('close', () => goneFor(model).resolve());
    const script = current.get(model) ?? scripts[model];
    if (!script) return sendJson(res, 404, { error: { message: `no script for model ${model}`, type: 'not_found' } });
    if (script.then) current.set(model, script.then);
    if (script.silent) return;
    if (script.status !== undefined) return sendError(res, script);
    if (script.json !== undefined) return sendJson(res, 200, script.json);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...script.headers });
    const done = (script.end ?? 'done') === 'done' && !script.named ? ['data: [DONE]\n\n'] : [];
    await writeStream(res, [...streamText(script), ...done], script);
    switch (script.end ?? 'done') {
      case 'done':
        res.end();
        return;
      case 'close':
        res.end();
        return;
      case 'drop':
        res.socket?.destroy();
        return;
      case 'reset':
        // Once the client has read what came before; a reset discards what it has not read yet.
        await sleep(100);
        res.socket?.resetAndDestroy();
        return;
      case 'stall':
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    clientGone: (model) => goneFor(model).promise,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function streamText(script: ScriptedReply): string[] {
  const events = script.events.map((event) => `data: ${JSON.stringify(event)}\n\n`);
  const named = (script.named ?? []).map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const name = script.rawEvent === undefined ? '' : `event: ${script.rawEvent}\n`;
  const raw = script.rawData === undefined ? [] : [`${name}data: ${script.rawData}\n\n`];
  return [...events, ...named, ...raw];
}

/** Each event in a write of its own, or the whole stream cut into pieces of `pieceBytes`, or dripped. */
async function writeStream(
  res: ServerResponse,
  events: string[],
  { pieceBytes, dripMs }: Pick<ScriptedReply, 'pieceBytes' | 'dripMs'>,
): Promise<void> {
  if (!pieceBytes && dripMs === undefined) {
    for (const event of events) res.write(event);
    return;
  }
  const bytes = Buffer.from(events.join(''), 'utf8');
  const step = dripMs === undefined ? pieceBytes! : 1;
  for (let at = 0; at < bytes.length; at += step) {
    res.write(bytes.subarray(at, at + step));
    // Apart in time, so that the client reads them apart.
    await sleep(dripMs ?? 2);
  }
}

function sendError(res: ServerResponse, script: ScriptedReply): void {
  const status = script.status ?? 500;
  if (script.errorBody === undefined) {
    res.writeHead(status, { 'content-type': 'application/json', ...script.headers });
    res.end(JSON.stringify({ error: { message: `scripted failure ${status}`, type: 'server_error' } }));
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain', ...script.headers });
  res.end(script.errorBody);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendModels(res: ServerResponse, models: string[]): void {
  sendJson(res, 200, {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })),
    // Anthropic's list shape, so the same server can answer both SDKs.
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models[models.length - 1] ?? null,
  });
}

/** A chat-completions chunk with one choice. */
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The final usage chunk of `stream_options.include_usage`. */
export function usageChunk(prompt: number, completion: number): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test',
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}
