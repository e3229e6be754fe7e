import type { IncomingMessage } from 'node:http';

import { BadRequest } from './chat-completion-request.ts';

/** Far above any chat request; stops a runaway client from filling the host's memory. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export class BodyTooLarge extends Error {}

/** The request body parsed as JSON; BadRequest for malformed JSON, BodyTooLarge past the cap. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`the request body is larger than ${MAX_BODY_BYTES} bytes`);
    parts.push(part);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch (error) {
    throw new BadRequest(`the request body is not valid JSON: ${(error as Error).message}`);
  }
}
