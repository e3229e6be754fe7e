import { ReplyBuffer } from './reply-buffer.ts';

/**
 * One client request being answered (omw-compat 12): owned by the agent that subscribed its
 * model, identified by a fresh UUID, replied to through a bounded buffer.
 */
export class EndpointSession {
  readonly uuid = crypto.randomUUID();
  readonly reply: ReplyBuffer;
  private ended = false;

  constructor(
    readonly agent: string,
    /** The endpoint subscription the request came through; it tags the session's inbox events. */
    readonly subscription: string,
    readonly model: string,
    bufferBound: number,
  ) {
    this.reply = new ReplyBuffer(bufferBound);
  }

  /** True only for the first caller: a session ends exactly once, whoever ends it first. */
  claimEnd(): boolean {
    if (this.ended) return false;
    this.ended = true;
    return true;
  }
}
