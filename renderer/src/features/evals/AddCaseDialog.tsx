import { useState } from 'react';
import { addCase, showAddCase, useEvals } from './eval-store.ts';

/**
 * Add to dataset: what a recording, a branch or a live iteration was given becomes a case (its
 * seeded memory and the message it received), its answer the expected value unless one is typed.
 */
export function AddCaseDialog() {
  const source = useEvals((s) => s.addCase);
  const files = useEvals((s) => s.files);
  const datasets = files?.datasets ?? [];
  const [dataset, setDataset] = useState('');
  const [id, setId] = useState('');
  const [expected, setExpected] = useState('');
  if (!source) return null;
  const chosen = dataset || datasets[0] || '';
  const from =
    source.recording === null
      ? `the live session: ${source.agent ?? 'its agent'}, iteration ${source.iteration ?? 1}`
      : `${source.recording}${source.agent ? `: ${source.agent}` : ''}${source.iteration ? `, iteration ${source.iteration}` : ''}`;
  const submit = async () => {
    if (await addCase(chosen.trim(), id.trim(), expected.trim() === '' ? null : expected)) {
      setId('');
      setExpected('');
    }
  };
  return (
    <div className="overlay-backdrop" onMouseDown={() => showAddCase(undefined)}>
      <form
        className="dialog add-case-dialog"
        role="dialog"
        aria-label="Add to dataset"
        data-testid="add-case-dialog"
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') showAddCase(undefined);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3>Add to dataset</h3>
        <div className="dim">From {from}</div>
        <label>
          Dataset (JSONL, CSV or YAML)
          <input
            list="eval-datasets"
            value={chosen}
            onChange={(e) => setDataset(e.target.value)}
            data-testid="add-case-dataset"
            placeholder="cases.jsonl"
          />
          <datalist id="eval-datasets">
            {datasets.map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
        </label>
        <label>
          Case id
          <input autoFocus value={id} onChange={(e) => setId(e.target.value)} data-testid="add-case-id" required />
        </label>
        <label>
          Expected (empty: the recorded answer)
          <input value={expected} onChange={(e) => setExpected(e.target.value)} data-testid="add-case-expected" />
        </label>
        <div className="dialog-buttons">
          <button type="submit" disabled={!id.trim() || !chosen.trim()} data-testid="add-case-submit">
            Add case
          </button>
          <button type="button" onClick={() => showAddCase(undefined)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
