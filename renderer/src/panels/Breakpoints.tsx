import { useState } from 'react';
import type { CallBreakpoint, CallBreakpointResult } from '../../../contract/debug-views.ts';
import type { HostOp } from '../../../main/host-api/host-ops.generated.ts';
import { BREAKPOINT_OPS } from '../../../main/host-api/omw-api.ts';

/** The ops people break on most, shown first; the rest are in the full list. */
const COMMON: HostOp[] = [
  'host.recv',
  'provider.chat',
  'provider.chat-stream',
  'tooling.call-tool',
  'tooling.call-tool-blocking',
  'host.send-agent',
  'host.wait-for',
];

interface Props {
  agent: string;
  breakpoints: CallBreakpointResult[];
  all: CallBreakpointResult[];
  onChange: (breakpoints: CallBreakpoint[]) => void;
  onChangeAll: (breakpoints: CallBreakpoint[]) => void;
}

const plain = ({ op, condition }: CallBreakpointResult): CallBreakpoint => ({
  op,
  ...(condition ? { condition } : {}),
});

function toggle(list: CallBreakpointResult[], op: HostOp, on: boolean, condition: string): CallBreakpoint[] {
  const rest = list.filter((b) => b.op !== op).map(plain);
  return on ? [...rest, { op, ...(condition ? { condition } : {}) }] : rest;
}

function withCondition(list: CallBreakpointResult[], op: HostOp, condition: string): CallBreakpoint[] {
  return list.map((b) => (b.op === op ? { op, ...(condition ? { condition } : {}) } : plain(b)));
}

/** A condition on the call's arguments, as a Rhai expression (`model == "gpt-4o"`); Enter applies it. */
function ConditionInput({ op, value, onApply }: { op: HostOp; value: string; onApply: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <input
      className="condition"
      aria-label={`condition on ${op}`}
      data-testid={`bp-condition-${op}`}
      placeholder='when… (e.g. model == "gpt-4o")'
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && onApply(draft.trim())}
      onBlur={() => draft.trim() !== value && onApply(draft.trim())}
    />
  );
}

/** Host-call breakpoints of the selected agent and of every agent, each with an optional condition. */
export function Breakpoints({ agent, breakpoints, all, onChange, onChangeAll }: Props) {
  const others = BREAKPOINT_OPS.filter((op) => !COMMON.includes(op));
  const row = (op: HostOp) => {
    const mine = breakpoints.find((b) => b.op === op);
    const everyone = all.find((b) => b.op === op);
    const held = mine ?? everyone;
    const condition = held?.condition ?? '';
    const problem = [mine, everyone].find((b) => b && !b.verified)?.message;
    return (
      <tr key={op} className={held ? 'on' : ''}>
        <td>
          <code>{op}</code>
          {held ? (
            <ConditionInput
              key={condition}
              op={op}
              value={condition}
              onApply={(text) => {
                if (mine) onChange(withCondition(breakpoints, op, text));
                if (everyone) onChangeAll(withCondition(all, op, text));
              }}
            />
          ) : null}
          {problem ? <div className="error-text">{problem}</div> : null}
        </td>
        <td>
          <input
            type="checkbox"
            aria-label={`break on ${op} for ${agent}`}
            data-testid={`bp-${op}`}
            checked={mine !== undefined}
            onChange={(e) => onChange(toggle(breakpoints, op, e.target.checked, condition))}
          />
        </td>
        <td>
          <input
            type="checkbox"
            aria-label={`break on ${op} for every agent`}
            checked={everyone !== undefined}
            onChange={(e) => onChangeAll(toggle(all, op, e.target.checked, condition))}
          />
        </td>
      </tr>
    );
  };
  return (
    <details className="breakpoints" open data-testid="breakpoints">
      <summary>Host-call breakpoints</summary>
      <table>
        <thead>
          <tr>
            <th>hold before</th>
            <th title={agent}>{agent}</th>
            <th>all</th>
          </tr>
        </thead>
        <tbody>{COMMON.map(row)}</tbody>
      </table>
      <details>
        <summary>more ops</summary>
        <table>
          <tbody>{others.map(row)}</tbody>
        </table>
      </details>
    </details>
  );
}
