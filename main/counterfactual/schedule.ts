// A schedule of `brainbench explore` (docs/counterfactuals.md, Explore): at each point where events
// from several sources were ready for an agent at once, which one it received. A saved schedule
// is a file the user may get from anyone: it is parsed as data, bounded, and checked before use.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';

/** One choice: the ready events (described), and the one delivered. */
export interface Decision {
  agent: string;
  ready: string[];
  chosen: number;
}

export interface SavedSchedule {
  format: 'brainbench-schedule';
  /** The decisions that differ from first in, first out, and every one before them. */
  decisions: Decision[];
  /** How each agent ended in first-in-first-out order, and under this schedule when it was found. */
  expected: Record<string, string>;
  found: Record<string, string>;
  /**
   * For a schedule found because the agents' calls differed (the outcome did not): their calls in
   * first-in-first-out order and under this schedule. Run again, it passes only when both match.
   */
  expectedTrace?: Record<string, string[]>;
  foundTrace?: Record<string, string[]>;
}

const MAX_DECISIONS = 10_000;
const MAX_CALLS = 100_000;
const text = z.string().max(4096);
const savedShape = z
  .object({
    format: z.literal('brainbench-schedule'),
    decisions: z
      .array(
        z
          .object({ agent: text, ready: z.array(text).min(2).max(1000), chosen: z.number().int().nonnegative() })
          .strict()
          .refine((decision) => decision.chosen < decision.ready.length, 'chosen is not one of the ready events'),
      )
      .max(MAX_DECISIONS),
    expected: z.record(text, text),
    found: z.record(text, text),
    expectedTrace: z.record(text, z.array(z.string().max(65_536)).max(MAX_CALLS)).optional(),
    foundTrace: z.record(text, z.array(z.string().max(65_536)).max(MAX_CALLS)).optional(),
  })
  .strict();

export class ScheduleError extends Error {}

/** A saved schedule, checked; a bad file is a ScheduleError naming the file and what is wrong, in a line. */
export function readSchedule(file: string): SavedSchedule {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new ScheduleError(`${file}: ${why}`);
  }
  const parsed = savedShape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ScheduleError(`${file}: not a schedule: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return parsed.data as SavedSchedule;
}

/** An event as a schedule names it: `message "total 10"`, `tool-result add`, `timer`. */
export function describeEvent(envelope: EventEnvelope): string {
  const { event } = envelope;
  const data = (event as { data?: unknown }).data;
  if (event.kind === 'message') return `message ${JSON.stringify(data).slice(0, 200)}`;
  if (event.kind === 'tool-result') return `tool-result ${(data as { name?: string }).name ?? ''}`.trimEnd();
  if (event.kind === 'error') return `error ${JSON.stringify(data).slice(0, 200)}`;
  return event.kind;
}
