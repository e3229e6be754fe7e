import type { BusRow } from '../../shared/trace/trace-log.ts';

export interface BusFilter {
  agent: string;
  kind: string;
  text: string;
  regex: boolean;
}

/** One pass over the rows; an invalid regex matches nothing and says why. */
export function filterBusRows(rows: readonly BusRow[], filter: BusFilter): { rows: readonly BusRow[]; error?: string } {
  if (!filter.agent && !filter.kind && !filter.text) return { rows };
  let test: (text: string) => boolean = () => true;
  if (filter.text) {
    if (filter.regex) {
      try {
        const pattern = new RegExp(filter.text, 'i');
        test = (text) => pattern.test(text);
      } catch (error) {
        return { rows: [], error: (error as Error).message };
      }
    } else {
      const needle = filter.text.toLowerCase();
      test = (text) => text.toLowerCase().includes(needle);
    }
  }
  const out: BusRow[] = [];
  for (const row of rows) {
    if (filter.agent && row.source !== filter.agent && row.target !== filter.agent) continue;
    if (filter.kind && row.kind !== filter.kind) continue;
    if (filter.text && !test(row.preview) && !test(row.source) && !test(row.target)) continue;
    out.push(row);
  }
  return { rows: out };
}
