// An LLM judge's call: a named provider of the trial's config (a mock one too, its turns filled
// from the case) asked once per question. The question and its answer are appended to the trial's
// recording, so that the same question asked again (a rescore with the judge unchanged) is
// answered from there: deterministic and free. Only answers are served; a failed call is asked again.

import { createHash } from 'node:crypto';

import { buildBackend } from '../../backends/backend-kind.ts';
import { InjectionQueue } from '../../backends/injection-queue.ts';
import { configSecrets } from '../../host/config-secrets.ts';
import { ChatResultAssembler } from '../../host-api/chat-result-assembler.ts';
import type { ChatMessage } from '../../host-api/wit-types.generated.ts';
import { PROVIDER_KINDS } from '../../providers/provider-kinds.ts';
import type { Provider } from '../../providers/provider.ts';
import { Redactor } from '../../trace/redactor.ts';
import { TraceRecorder } from '../../trace/trace-recorder.ts';
import { appendJudgeCall, type JudgeCallLine } from '../trial-recording.ts';
import { ScorerError, type ScoringInput } from './scorer.ts';

/** A judge call that took longer than this is given up (a provider that hangs). */
const JUDGE_TIMEOUT_MS = 120_000;

export interface JudgeRequest {
  scorer: string;
  provider: string;
  model?: string;
  messages: ChatMessage[];
}

/** The judge's answer text: from the trial's recording when asked before, else from the provider. */
export async function askJudge(input: ScoringInput, request: JudgeRequest): Promise<string> {
  const impl = input.config.providers[request.provider];
  if (!impl) throw new ScorerError(`scorer "${request.scorer}": the config has no provider "${request.provider}"`);
  const configured = impl.params['model'];
  const model = request.model ?? (typeof configured === 'string' ? configured : '');
  const key = createHash('sha256')
    .update(JSON.stringify({ provider: request.provider, model, messages: request.messages }))
    .digest('hex');
  const recorded = input.recording.judgeCalls.get(key);
  if (recorded?.ok && recorded.text !== undefined) {
    if (input.judges) input.judges.served++;
    return recorded.text;
  }
  if (input.judges) input.judges.live++;
  return input.liveJudges
    ? input.liveJudges.run(() => askLive(input, request, key, model))
    : askLive(input, request, key, model);
}

async function askLive(input: ScoringInput, request: JudgeRequest, key: string, model: string): Promise<string> {
  const impl = input.config.providers[request.provider]!;
  const redactor = new Redactor(configSecrets(input.config));
  const environment = { trace: new TraceRecorder(16, 0, redactor), injections: new InjectionQueue() };
  const time = Date.now();
  const started = performance.now();
  let provider: Provider | undefined;
  const line: Omit<JudgeCallLine, 'ok' | 'durationMs'> = {
    kind: 'judge',
    scorer: request.scorer,
    key,
    provider: request.provider,
    model,
    time,
  };
  try {
    provider = buildBackend(PROVIDER_KINDS, request.provider, impl, input.config, environment, [
      'providers',
      request.provider,
    ]);
    const assembler = new ChatResultAssembler();
    const signal = AbortSignal.timeout(JUDGE_TIMEOUT_MS);
    for await (const delta of provider.stream({ model, messages: request.messages, tools: [] }, signal))
      assembler.add(delta);
    const result = assembler.result();
    const text = result.content ?? '';
    const call: JudgeCallLine = {
      ...line,
      ok: true,
      text,
      ...(result.usage ? { usage: result.usage } : {}),
      durationMs: performance.now() - started,
    };
    appendJudgeCall(input.recording.file, call);
    input.recording.judgeCalls.set(key, call);
    return text;
  } catch (error) {
    if (error instanceof ScorerError) throw error;
    const message = redactor.text((error as Error).message);
    appendJudgeCall(input.recording.file, {
      ...line,
      ok: false,
      error: message,
      durationMs: performance.now() - started,
    });
    throw new ScorerError(`scorer "${request.scorer}": the judge's provider "${request.provider}" failed: ${message}`);
  } finally {
    await provider?.close?.();
  }
}
