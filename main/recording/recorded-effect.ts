// A hook at each recorded effect of a replay: before ReplayHost serves a recorded call whose
// op and arguments the brain matched, the hook may answer it otherwise (a tool result turned into
// an error, a provider's answer cut short), and say whether the agent then goes on replaying or
// goes live against the replay's back ends (the configured ones, or mocks derived from the
// recording: recorded-mocks.ts). What chaos testing and schedule exploration build on.

import type { Json } from '../trace/trace-event.ts';
import type { RecordedCall } from './recording.ts';

/** One recorded call, where it is in the recording. */
export interface RecordedEffect {
  agent: string;
  /** The iteration's number in the recording. */
  iteration: number;
  /** 1-based position of the call in the iteration. */
  index: number;
  call: RecordedCall;
}

/** The answer a hook gives in place of the recorded one: a value as the recording writes it (canonical JSON), or an error. */
export type EffectAnswer =
  | { ok: true; value?: Json }
  /** `fault`: a host error (the iteration stops), not the op's own `err`. */
  | { ok: false; error: string; fault?: boolean };

export interface EffectChange {
  answer: EffectAnswer;
  /**
   * After the changed answer: `replay` goes on comparing the brain's calls with the recording (a
   * call that differs is a divergence); `live` sends the agent's calls to the back ends from now on.
   */
  then: 'replay' | 'live';
  /**
   * With `live`: events (as the recording writes them) put into the agent's inbox as it goes live,
   * in order: what the recording delivered to it later from sources the live back ends do not know.
   */
  deliver?: Json[];
}

export interface EffectHook {
  /**
   * Whether the hook wants to see this effect. Asked before an iteration's calls are handed to the
   * agent process: the process serves no call from the first one wanted on, so each reaches the host.
   */
  wants(effect: RecordedEffect): boolean;
  /** The answer in place of the recorded one, or undefined to serve it as recorded. */
  change(effect: RecordedEffect): EffectChange | undefined;
}
