// Answering a held call in its place, in a roomy dialog: a form built from the op's result type
// (as a tool's arguments are), started from the call (a tool result names the tool and arguments
// it answers), or the same answer as JSON; the two round-trip.

import { useState } from 'react';
import type { PausedCall } from '../../../../contract/agent-status.ts';
import { answerType, witTypeText } from '../../../../main/host-api/wit-type.ts';
import { request } from '../../core/workbench-store.ts';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { answerSchema } from './answer-schema.ts';

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function HeldAnswerDialog({
  agent,
  call,
  result,
  initial,
  onClose,
}: {
  agent: string;
  call: PausedCall;
  /** The op's WIT result type text. */
  result: string | undefined;
  initial: unknown;
  onClose: () => void;
}) {
  const type = answerType(result);
  const schema = type ? answerSchema(type) : {};
  const formable = schema.type === 'object' && isTable(initial);
  const [value, setValue] = useState<unknown>(initial);
  const [raw, setRaw] = useState<string | undefined>(formable ? undefined : JSON.stringify(initial, null, 2));
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<string | undefined>();

  const parsedRaw = (): { value: unknown } | { problem: string } => {
    try {
      return { value: JSON.parse(raw ?? '') as unknown };
    } catch (failure) {
      return { problem: `not JSON: ${(failure as Error).message}` };
    }
  };
  const toForm = () => {
    const parsed = parsedRaw();
    if ('problem' in parsed) return setError(`The answer is ${parsed.problem}`);
    if (!isTable(parsed.value)) return setError('The form takes a JSON object');
    setValue(parsed.value);
    setRaw(undefined);
    setFormKey((k) => k + 1);
    setError(undefined);
  };
  const answer = async () => {
    let given = value;
    if (raw !== undefined) {
      const parsed = parsedRaw();
      if ('problem' in parsed) return setError(`The answer is ${parsed.problem}`);
      given = parsed.value;
    }
    try {
      if (await request('decideHeldCall', agent, { kind: 'answer', value: given })) onClose();
      else setError('the call is no longer held');
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <ModalDialog
      label={`Answer ${call.op}`}
      className="dialog held-answer-dialog"
      testId="held-answer-dialog"
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
        event.preventDefault();
        void answer();
      }}
    >
      <DialogHead onClose={onClose}>
        Answer <code>{call.op}</code> for {agent}
      </DialogHead>
      <div className="dim">
        The brain gets this in place of the call&apos;s result ({witTypeText(type)}); the back end is not called. The
        timeline shows it as given by you.
      </div>
      <div className="mode-switch" role="group" aria-label="answer as">
        <button
          type="button"
          aria-pressed={raw === undefined}
          onClick={toForm}
          disabled={!formable}
          data-testid="held-mode-form"
        >
          Form
        </button>
        <button
          type="button"
          aria-pressed={raw !== undefined}
          onClick={() => raw === undefined && setRaw(JSON.stringify(value, null, 2))}
          data-testid="held-mode-json"
        >
          JSON
        </button>
      </div>
      {raw === undefined && isTable(value) ? (
        <SchemaForm
          key={formKey}
          schema={schema}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          problems={[]}
        />
      ) : (
        <textarea
          className="mono"
          rows={14}
          value={raw ?? ''}
          spellCheck={false}
          aria-label="answer, as JSON"
          aria-invalid={error !== undefined}
          data-testid="held-decision-text"
          onChange={(event) => {
            setRaw(event.target.value);
            setError(undefined);
          }}
        />
      )}
      {error ? (
        <div className="error-text" role="alert" data-testid="held-decision-error">
          {error}
        </div>
      ) : null}
      <div className="row">
        <button type="button" onClick={() => void answer()} title="Ctrl/Cmd+Enter" data-testid="held-answer">
          Answer
        </button>
        <button type="button" onClick={onClose} title="Escape">
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
