import type { ServerResponse } from 'node:http';

import type { EndpointSession } from '../endpoint-session.ts';
import { CompletionChunks } from './completion-chunks.ts';
import { openaiErrorBody } from './openai-error-body.ts';

const event = (data: unknown): string => `data: ${JSON.stringify(data)}\n\n`;

/**
 * Streams a session's reply as server-sent events: one `chat.completion.chunk` per delta, then
 * `data: [DONE]`, or an OpenAI error object when the session was cut off. Deltas stay in the
 * session's bounded buffer while the socket pushes back, which is where slow clients lose them.
 */
export function writeStreamReply(res: ServerResponse, session: EndpointSession, created: number): void {
  const chunks = new CompletionChunks(`chatcmpl-${session.uuid}`, session.model, created);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  let blocked = false;
  const pump = () => {
    if (blocked || res.writableEnded || res.destroyed) return;
    for (let delta = session.reply.take(); delta; delta = session.reply.take()) {
      if (res.write(event(chunks.chunk(delta)))) continue;
      blocked = true;
      res.once('drain', () => {
        blocked = false;
        pump();
      });
      return;
    }
    const end = session.reply.end;
    if (!end) return;
    if (end.error === undefined) res.end('data: [DONE]\n\n');
    else res.end(event(openaiErrorBody({ status: 503, type: 'server_error', message: end.error })));
  };
  session.reply.read(pump);
}
