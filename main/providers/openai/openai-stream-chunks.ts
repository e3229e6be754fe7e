import type OpenAI from 'openai';

import { serverSentEvents } from '../server-sent-events.ts';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;

/**
 * The chunks of a chat-completions event stream, read here rather than by the SDK (whose reader
 * is quadratic in an event's size, and writes what it cannot parse to the console): each event's
 * data is one JSON chunk, `[DONE]` ends the answer, and a chunk holding an `error` is the server
 * failing mid-answer. Data that is not JSON throws the parser's SyntaxError.
 */
export async function* openaiStreamChunks(body: AsyncIterable<Uint8Array>): AsyncGenerator<Chunk> {
  for await (const { data } of serverSentEvents(body)) {
    if (data.startsWith('[DONE]')) return;
    const chunk = JSON.parse(data) as Chunk & { error?: { message?: unknown } };
    if (chunk?.error) {
      const { message } = chunk.error;
      throw new Error(
        `the server answered with an error: ${typeof message === 'string' ? message : JSON.stringify(chunk.error)}`,
      );
    }
    yield chunk;
  }
}
