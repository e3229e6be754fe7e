import { useState } from 'react';
import { counted } from '../../../../contract/counted.ts';
import './breakpoints.css';
import type { CallBreakpoint, CallBreakpointResult } from '../../../../contract/debug-views.ts';
import type { HostOp } from '../../../../main/host-api/host-ops.generated.ts';
import { BREAKPOINT_OPS } from '../../../../main/host-api/omw-api.ts';

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

/** What is set, at a glance: one chip per breakpoint (its scope, its condition); × clears it. */
function Overview({ agent, breakpoints, all, onChange, onChangeAll }: Props) {
  const chips = [
    ...breakpoints.map((b) => ({ b, scope: agent, clear: () => onChange(toggle(breakpoints, b.op, false, '')) })),
    ...all.map((b) => ({ b, scope: 'all agents', clear: () => onChangeAll(toggle(all, b.op, false, '')) })),
  ];
  if (chips.length === 0)
    return (
      <div className="bp-overview empty" data-testid="bp-overview">
        none set
      </div>
    );
  return (
    <div className="bp-overview" data-testid="bp-overview">
      <span className="bp-overview-count">{counted(chips.length, 'breakpoint')} set:</span>
      {chips.map(({ b, scope, clear }) => (
        <span
          key={`${scope}:${b.op}`}
          className={`bp-chip ${b.verified ? '' : 'unverified'}`}
          data-testid="bp-chip"
          title={`${b.op} for ${scope}${b.condition ? ` when ${b.condition}` : ''}`}
        >
          <code>{b.op}</code>
          {scope === agent ? null : <span className="bp-chip-scope">all</span>}
          {b.condition ? <span className="bp-chip-condition">when {b.condition}</span> : null}
          <button aria-label={`clear the breakpoint on ${b.op} for ${scope}`} onClick={clear}>
            ×
          </button>
        </span>
      ))}
    </div>
  );
}

/** Host-call breakpoints of the selected agent and of every agent, each with an optional condition. */
export function Breakpoints(props: Props) {
  const { agent, breakpoints, all, onChange, onChangeAll } = props;
  const [search, setSearch] = useState('');
  const others = BREAKPOINT_OPS.filter((op) => !COMMON.includes(op));
  const needle = search.trim().toLowerCase();
  const found = needle ? BREAKPOINT_OPS.filter((op) => op.toLowerCase().includes(needle)) : [];
  const row = (op: HostOp) => {
    const mine = breakpoints.find((b) => b.op === op);
    const everyone = all.find((b) => b.op === op);
    const held = mine ?? everyone;
    const condition = held?.condition ?? '';
    const problem = [mine, everyone].find((b) => b && !b.verified)?.message;
    return (
      <tr key={op} className={held ? 'on' : ''} data-testid="bp-row">
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
  const head = (
    <thead>
      <tr>
        <th>hold before</th>
        <th title={agent}>{agent}</th>
        <th>all</th>
      </tr>
    </thead>
  );
  return (
    <details className="breakpoints" open data-testid="breakpoints">
      <summary>Host-call breakpoints</summary>
      <Overview {...props} />
      <input
        type="search"
        className="bp-search"
        placeholder={`Search ${BREAKPOINT_OPS.length} ops (e.g. chat, tool, memory)`}
        aria-label="search host ops"
        data-testid="bp-search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setSearch('')}
      />
      {needle ? (
        found.length === 0 ? (
          <div className="empty" data-testid="bp-no-match">
            No op matches “{search.trim()}”.
          </div>
        ) : (
          <table>
            {head}
            <tbody>{found.map(row)}</tbody>
          </table>
        )
      ) : (
        <>
          <table>
            {head}
            <tbody>{COMMON.map(row)}</tbody>
          </table>
          <details>
            <summary>more ops ({others.length})</summary>
            <table>
              <tbody>{others.map(row)}</tbody>
            </table>
          </details>
        </>
      )}
    </details>
  );
}
