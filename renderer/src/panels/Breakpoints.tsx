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
  ops: HostOp[];
  allOps: HostOp[];
  onChange: (ops: HostOp[]) => void;
  onChangeAll: (ops: HostOp[]) => void;
}

function toggle(list: HostOp[], op: HostOp, on: boolean): HostOp[] {
  return on ? [...new Set([...list, op])] : list.filter((o) => o !== op);
}

export function Breakpoints({ agent, ops, allOps, onChange, onChangeAll }: Props) {
  const others = BREAKPOINT_OPS.filter((op) => !COMMON.includes(op));
  const row = (op: HostOp) => (
    <tr key={op}>
      <td>
        <code>{op}</code>
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`break on ${op} for ${agent}`}
          data-testid={`bp-${op}`}
          checked={ops.includes(op)}
          onChange={(e) => onChange(toggle(ops, op, e.target.checked))}
        />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`break on ${op} for every agent`}
          checked={allOps.includes(op)}
          onChange={(e) => onChangeAll(toggle(allOps, op, e.target.checked))}
        />
      </td>
    </tr>
  );
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
