import type { ChatDelta } from '../host-api/wit-types.generated.ts';
import type { MockProviderParams } from './mock-provider-params.ts';
import type { ChatRequest, Provider } from './provider.ts';
import { abortableDelay, untilAborted } from '../backends/abortable.ts';

type Turn = MockProviderParams['turns'][number];

/** One call the mock answered, for the workbench and test snapshots. */
export interface RecordedChat {
  request: ChatRequest;
  turn: number | undefined;
}

/** What the mock consumed, for omw-test's `--dump` (a Brainbench shape: omw's is not known). */
export interface ProviderSnapshot {
  kind: 'provider';
  name: string;
  turns_total: number;
  /** Calls answered; the last turn repeats once the turns run out. */
  calls_total: number;
  calls: RecordedChat[];
}

/**
 * omw's deterministic provider double (omw-compat 13.1). Each chat or chat-stream call consumes
 * one turn and the last turn repeats once they run out. Where omw leaves the delta split open,
 * a turn yields reasoning, then content, then the tool call, each as its own delta, and the last
 * delta carries the finish reason and usage; see docs/mocks.md.
 */
export class MockProvider implements Provider {
  readonly kind = 'mock';
  readonly calls: RecordedChat[] = [];
  private cursor = 0;

  constructor(
    readonly name: string,
    private readonly params: MockProviderParams,
  ) {}

  snapshot(): ProviderSnapshot {
    return {
      kind: 'provider',
      name: this.name,
      turns_total: this.params.turns.length,
      calls_total: this.calls.length,
      calls: [...this.calls],
    };
  }

  rewind(): void {
    this.cursor = 0;
    this.calls.length = 0;
  }

  async listModels(): Promise<string[]> {
    return this.params.models.length > 0 ? [...this.params.models] : ['mock-model'];
  }

  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta> {
    const turns = this.params.turns;
    const index = turns.length === 0 ? undefined : Math.min(this.cursor++, turns.length - 1);
    this.calls.push({ request, turn: index });
    if (index === undefined) return;
    const turn = turns[index]!;
    if (turn.pending) await untilAborted(signal);
    yield* this.delivered(turn, signal);
  }

  /** The turn the next call would get, neither consumed nor recorded; a pending one says so. */
  async *tryStream(_request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta> {
    const turns = this.params.turns;
    const turn = turns[Math.min(this.cursor, turns.length - 1)];
    if (!turn) return;
    if (turn.pending) throw new Error('the next turn is pending: it never answers');
    yield* this.delivered(turn, signal);
  }

  private async *delivered(turn: Turn, signal: AbortSignal): AsyncIterable<ChatDelta> {
    const delay = this.params.stream_delay_ms;
    const deltas = delay > 0 ? wordByWord(turnDeltas(turn)) : turnDeltas(turn);
    for (const [i, delta] of deltas.entries()) {
      signal.throwIfAborted();
      if (delay > 0 && i > 0) await abortableDelay(delay, signal);
      yield delta;
    }
    if (turn.error !== undefined) throw new Error(turn.error);
  }
}

function turnDeltas(turn: Turn): ChatDelta[] {
  const deltas: ChatDelta[] = [];
  if (turn.reasoning !== undefined) deltas.push({ reasoning: turn.reasoning });
  if (turn.content !== undefined) deltas.push({ content: turn.content });
  if (turn.tool_call !== undefined) deltas.push({ tool_call: { ...turn.tool_call } });
  if (turn.error !== undefined) return deltas;
  const terminal: ChatDelta = {
    finish_reason: turn.tool_call !== undefined ? 'tool_calls' : 'stop',
    ...(turn.usage !== undefined ? { usage: turn.usage } : {}),
  };
  if (deltas.length === 0) deltas.push(terminal);
  else Object.assign(deltas[deltas.length - 1]!, terminal);
  return deltas;
}

/**
 * `stream_delay_ms`'s split: each reasoning and content delta becomes one delta per word (with
 * the spaces after it); the terminal fields stay on the last piece, so the folded reply is the same.
 */
function wordByWord(deltas: ChatDelta[]): ChatDelta[] {
  const out: ChatDelta[] = [];
  for (const delta of deltas) {
    const field = delta.content !== undefined ? 'content' : delta.reasoning !== undefined ? 'reasoning' : undefined;
    const words = field ? (delta[field]!.match(/\S+\s*|\s+/g) ?? ['']) : [];
    if (!field || words.length < 2) {
      out.push(delta);
      continue;
    }
    const rest: ChatDelta = { ...delta };
    delete rest[field];
    words.forEach((word, i) => out.push(i === words.length - 1 ? { ...rest, [field]: word } : { [field]: word }));
  }
  return out;
}
