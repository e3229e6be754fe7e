import type { ChatDelta, ChatMessage, Tool } from '../host-api/wit-types.generated.ts';
import type { BackendStatus } from '../backends/backend-status.ts';
import type { Json } from '../trace/trace-event.ts';

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools: Tool[];
  /** Per-call params, already merged over the provider's defaults. */
  params?: { [key: string]: Json };
}

/** A named chat back end (omw `[providers.<name>]`). */
export interface Provider {
  readonly name: string;
  readonly kind: string;
  listModels(signal: AbortSignal): Promise<string[]>;
  /** Yields the answer's deltas; throws (possibly after some deltas) when the stream fails. */
  stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta>;
  /**
   * A try from the workbench where it must not change what agents observe (a mock's next turn,
   * not consumed); back ends without one are tried with `stream`.
   */
  tryStream?(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta>;
  /** Live state, for back ends that do I/O. */
  status?(): BackendStatus;
  /** Aborts what is in flight and starts afresh. */
  restart?(): Promise<void>;
  /** Back to its state as built (a mock's turns from the first), as a fresh start finds it. */
  rewind?(): void;
  /** Releases connections when the host closes. */
  close?(): Promise<void>;
}
