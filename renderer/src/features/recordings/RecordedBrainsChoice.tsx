/**
 * "Run the recorded brains": off by default, since a recording's brains are the text of whoever
 * made it. On, they run in the runtimes the workspace's config gives the agents, in the same
 * sandboxes as any brain.
 */
export function RecordedBrainsChoice({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label className="inline recorded-brains-choice">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} /> Run
      the recorded brains
      <span className="meta">
        {checked
          ? " — the recording's own text of each brain, in the runtime the workspace's config gives the agent"
          : " — off: the workspace's brains and runtimes run"}
      </span>
    </label>
  );
}
