import type { ServerResponse } from 'node:http';

import { ChatResultAssembler } from '../../host-api/chat-result-assembler.ts';
import type { EndpointSession } from '../endpoint-session.ts';
import { bufferedCompletion } from './buffered-completion.ts';
import { openaiErrorBody } from './openai-error-body.ts';
import { writeJson } from './write-json.ts';

/** Answers a non-streaming request once the reply is whole: a `chat.completion`, or 503 when it was cut off. */
export function writeBufferedReply(res: ServerResponse, session: EndpointSession, created: number): void {
  const assembler = new ChatResultAssembler();
  session.reply.read(() => {
    for (let delta = session.reply.take(); delta; delta = session.reply.take()) assembler.add(delta);
    const end = session.reply.end;
    if (!end || res.writableEnded || res.destroyed) return;
    if (end.error !== undefined) {
      writeJson(res, 503, openaiErrorBody({ status: 503, type: 'server_error', message: end.error }));
      return;
    }
    writeJson(res, 200, bufferedCompletion(`chatcmpl-${session.uuid}`, session.model, created, assembler.result()));
  });
}
