// The bus inspector's rows in display order: newest or oldest first, each request folded with its
// answers (or unfolded beneath it). Without groups to fold, the view indexes the rows themselves:
// nothing is copied per frame.

import type { BusGroup, BusRow } from './bus-log.ts';

export type BusOrder = 'newest' | 'oldest';

export interface BusEntry {
  row: BusRow;
  /** 1 for an answer listed beneath its request. */
  depth: 0 | 1;
  /** Set on a request's row when its answers are folded into it or listed beneath it. */
  group?: BusGroup;
}

export interface BusView {
  length: number;
  at(index: number): BusEntry;
}

export interface BusViewOptions {
  order: BusOrder;
  grouped: boolean;
  /** Requests whose answers are listed beneath them. */
  expanded: ReadonlySet<string>;
}

export function busView(
  rows: readonly BusRow[],
  groups: ReadonlyMap<string, BusGroup>,
  { order, grouped, expanded }: BusViewOptions,
): BusView {
  const newest = order === 'newest';
  if (!grouped || groups.size === 0) {
    const last = rows.length - 1;
    return { length: rows.length, at: (i) => ({ row: rows[newest ? last - i : i]!, depth: 0 }) };
  }
  // Only requests listed here fold their answers: a filter that hides a request shows its answers.
  const heads = new Set<string>();
  for (const row of rows)
    if (row.state === 'request' && row.group && groups.get(row.group)?.request === row) heads.add(row.group);
  const entries: BusEntry[] = [];
  for (let n = 0; n < rows.length; n++) {
    const row = rows[newest ? rows.length - 1 - n : n]!;
    const group = row.group !== undefined && heads.has(row.group) ? groups.get(row.group)! : undefined;
    if (!group) entries.push({ row, depth: 0 });
    else if (group.request === row) {
      entries.push({ row, depth: 0, group });
      if (expanded.has(group.id)) for (const answer of group.answers) entries.push({ row: answer, depth: 1 });
    }
  }
  return { length: entries.length, at: (i) => entries[i]! };
}

/** What a group's answers are so far: `12 answers`, and how the request ended. */
export function groupSummary(group: BusGroup): string {
  const n = group.answers.length;
  const pending = group.answers.filter((a) => a.state === 'pending').length;
  return [
    `${n} ${n === 1 ? 'answer' : 'answers'}`,
    pending > 0 ? `${pending} pending` : '',
    group.closed ?? (group.end === undefined ? 'waiting' : 'open'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A request's span from its call to its last answer or close; a message's wait in the inbox. */
export function rowDurationMs(entry: BusEntry): number | undefined {
  if (entry.group) return entry.group.end === undefined ? undefined : entry.group.end - entry.group.start;
  const { row } = entry;
  return row.consumedAt === undefined ? undefined : row.consumedAt - row.time;
}
