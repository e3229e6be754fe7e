// A call held at a breakpoint, and what the user may do with it: let it run (Continue, Step over
// call), or approve, edit or reject it as an agent developer does with a tool call: run it with
// other arguments, answer it in its place (a form of the op's result type, in a dialog:
// HeldAnswerDialog), or fail it with a message for the brain.

import { useState } from 'react';
import type { AgentStatus, HeldCallDecision, PausedCall } from '../../../../contract/agent-status.ts';
import { HOST_OPS } from '../../../../main/host-api/host-ops.generated.ts';
import { snakeCase } from '../../../../main/host-api/name-case.ts';
import { answerType, canFail } from '../../../../main/host-api/wit-type.ts';
import { witSkeleton } from '../../../../main/host-api/wit-skeleton.ts';
import { continueAgent, stepOverCall } from '../agents/agent-actions.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';
import { request } from '../../core/workbench-store.ts';
import { ValueText } from '../../shared/values/ValueText.tsx';
import { HeldAnswerDialog } from './HeldAnswerDialog.tsx';

type Mode = 'edit' | 'answer' | 'reject';

interface OpSpec {
  receiver?: string;
  params: readonly { name: string }[];
  result?: string;
}

const specOf = (call: PausedCall) => HOST_OPS[call.op] as OpSpec;

/** The arguments the user may change: the receiver (the provider or tool server) is not one of them. */
const ownArgs = (call: PausedCall): readonly unknown[] => (specOf(call).receiver ? call.args.slice(1) : call.args);

function initialText(call: PausedCall, mode: 'edit' | 'reject'): string {
  return mode === 'reject' ? 'rejected in the debugger' : JSON.stringify(ownArgs(call), null, 2);
}

/** An answer of the op's result type, started from the call. */
function initialAnswer(call: PausedCall): unknown {
  const type = answerType(specOf(call).result);
  return type ? prefilled(call, witSkeleton(type)) : null;
}

/** An answer's fields named like the call's parameters (a tool result's name and arguments) start as the call has them. */
function prefilled(call: PausedCall, skeleton: unknown): unknown {
  if (skeleton === null || typeof skeleton !== 'object' || Array.isArray(skeleton)) return skeleton;
  const args = ownArgs(call);
  const given = Object.fromEntries(specOf(call).params.map((param, i) => [snakeCase(param.name), args[i]]));
  const fields = Object.entries(skeleton).map(([key, value]) => [
    key,
    typeof given[key] === typeof value ? given[key] : value,
  ]);
  return Object.fromEntries(fields);
}

function decisionOf(mode: 'edit' | 'reject', text: string): HeldCallDecision {
  if (mode === 'reject') return { kind: 'reject', error: text };
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('the arguments are a JSON list');
  return { kind: 'edit', args: value };
}

export function HeldCall({ agent, status }: { agent: string; status: AgentStatus }) {
  const call = status.pausedAt;
  const [mode, setMode] = useState<Mode | undefined>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (status.state !== 'paused' || !call) return null;
  const spec = specOf(call);
  const names = spec.params.map((param) => snakeCase(param.name)).join(', ');
  const shown = JSON.stringify(ownArgs(call)).slice(1, -1);
  const choose = (next: Mode) => {
    setMode(next);
    setText(next === 'answer' ? '' : initialText(call, next));
    setError(undefined);
  };
  const close = () => {
    setMode(undefined);
    setError(undefined);
  };
  const apply = async () => {
    if (mode !== 'edit' && mode !== 'reject') return;
    try {
      if (await request('decideHeldCall', agent, decisionOf(mode, text))) close();
      else setError('the call is no longer held');
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div className="paused-call" data-testid="paused-call">
      <div>
        held before <code>{call.op}</code>
        {shown ? (
          <code className="args">
            (<ValueText value={ownArgs(call)} limit={120} title={`${call.op} arguments`} />)
          </code>
        ) : null}
      </div>
      <div className="row">
        <button onClick={() => continueAgent(agent)} title={`Continue (${SHORTCUTS.run})`}>
          Continue
        </button>
        <button
          onClick={() => stepOverCall(agent)}
          title={`Run this call, hold before the next (${SHORTCUTS.stepCall})`}
        >
          Step over call
        </button>
        <button onClick={() => choose('edit')} aria-pressed={mode === 'edit'} disabled={spec.params.length === 0}>
          Edit arguments…
        </button>
        <button onClick={() => choose('answer')} aria-pressed={mode === 'answer'} title="Answer it without calling">
          Answer…
        </button>
        <button onClick={() => choose('reject')} aria-pressed={mode === 'reject'} disabled={!canFail(spec.result)}>
          Reject…
        </button>
      </div>
      {mode === 'answer' ? (
        <HeldAnswerDialog
          agent={agent}
          call={call}
          result={spec.result}
          initial={initialAnswer(call)}
          onClose={close}
        />
      ) : null}
      {mode === 'edit' || mode === 'reject' ? (
        <form
          className="held-decision"
          onSubmit={(event) => {
            event.preventDefault();
            void apply();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void apply();
          }}
        >
          <label>
            {mode === 'edit' ? `arguments (${names}), as JSON` : 'error for the brain'}
            <textarea
              data-testid="held-decision-text"
              value={text}
              rows={mode === 'reject' ? 1 : 6}
              spellCheck={false}
              autoFocus
              aria-invalid={error !== undefined}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          </label>
          {error ? (
            <div className="error-text" role="alert" data-testid="held-decision-error">
              {error}
            </div>
          ) : null}
          <div className="row">
            <button type="submit" title="Ctrl+Enter">
              {mode === 'edit' ? 'Run with these arguments' : 'Reject'}
            </button>
            <button type="button" onClick={close} title="Escape">
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
