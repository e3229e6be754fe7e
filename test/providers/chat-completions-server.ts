import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real OpenAI-compatible HTTP server on 127.0.0.1 for the provider tests: it answers each chat
// request by the requested model's script and streams genuine SSE.

/** How a reply ends after its events: `[DONE]`, a connection that stays open and silent, or a dropped socket. */
export type ReplyEnd = 'done' | 'stall' | 'drop';

export interface ScriptedReply {
  /** Each is sent as its own `data:` event and its own socket write. */
  events: unknown[];
  end?: ReplyEnd;
  /** An HTTP error instead of a stream. */
  status?: number;
  /** Named SSE events (Anthropic style): `[name, data]` pairs take the place of `events`. */
  named?: [string, unknown][];
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
    const script = scripts[model];
    if (!script) return sendJson(res, 404, { error: { message: `no script for model ${model}`, type: 'not_found' } });
    if (script.status !== undefined) {
      return sendJson(res, script.status, {
        error: { message: `scripted failure ${script.status}`, type: 'server_error' },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of script.events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    for (const [name, data] of script.named ?? []) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    switch (script.end ?? 'done') {
      case 'done':
        if (!script.named) res.write('data: [DONE]\n\n');
        res.end();
        return;
      case 'drop':
        res.socket?.destroy();
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
