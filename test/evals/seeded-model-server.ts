// A real OpenAI-compatible server on 127.0.0.1 for the eval tests, answering each chat request by
// a function of the request (not of the order requests arrive in, which parallel trials change),
// streamed as genuine SSE chunks with usage.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { chunk, usageChunk } from '../providers/chat-completions-server.ts';

export interface Answer {
  content: string;
  usage?: { prompt: number; completion: number };
}

export interface ModelServer {
  origin: string;
  /** Chat requests answered, per model. */
  requests: Map<string, number>;
  /** The most requests it was answering at once. */
  mostAtOnce: number;
  close(): Promise<void>;
}

export async function startModelServer(
  answer: (model: string, messages: { role: string; content: string }[]) => Answer,
  port = 0,
  /** How long each answer takes, so that requests overlap when they can. */
  delayMs = 0,
): Promise<ModelServer> {
  const requests = new Map<string, number>();
  let atOnce = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const part of req) chunks.push(part as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      model?: string;
      messages?: { role: string; content: string }[];
      stream?: boolean;
    };
    const model = String(body.model);
    requests.set(model, (requests.get(model) ?? 0) + 1);
    const { content, usage = { prompt: 10, completion: 5 } } = answer(model, body.messages ?? []);
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 0,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
          },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of [chunk({ content }, 'stop'), usageChunk(usage.prompt, usage.completion)])
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.write('data: [DONE]\n\n');
    res.end();
  };
  const server = createServer(async (req, res) => {
    atOnce++;
    served.mostAtOnce = Math.max(served.mostAtOnce, atOnce);
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await handle(req, res);
    } finally {
      atOnce--;
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  const served: ModelServer = {
    origin: `http://127.0.0.1:${bound}`,
    requests,
    mostAtOnce: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return served;
}
