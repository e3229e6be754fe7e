import { Cron } from 'croner';
import { HostCallError } from '../host-api/host-call-error.ts';

const DAY_OF_WEEK_FIELD = 5;

/**
 * The Rust `cron` crate numbers days of the week 1 (Sunday) to 7 (Saturday); croner uses 0 to 6.
 * Names and steps pass through unchanged.
 */
function croneDayOfWeek(field: string, spec: string): string {
  return field
    .split(',')
    .map((item) => {
      const [range, step] = item.split('/');
      const shifted = range!.replace(/\d+/g, (digits) => {
        const day = Number(digits);
        if (day < 1 || day > 7)
          throw new HostCallError(`invalid cron spec "${spec}": day of week ${day} is not in 1-7`);
        return String(day - 1);
      });
      return step === undefined ? shifted : `${shifted}/${step}`;
    })
    .join(',');
}

/**
 * The next fire time (epoch ms, UTC) of an omw cron spec: seconds first, six or seven fields
 * (the seventh is the year), as the Rust `cron` crate reads them: days 1-7 start on Sunday, and a
 * time must match every field (day of month and day of week together).
 */
export function nextCronFire(spec: string, after: number = Date.now()): number {
  const fields = spec.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7) {
    throw new HostCallError(
      `invalid cron spec "${spec}": expected 6 or 7 fields (seconds first), got ${fields.length}`,
    );
  }
  fields[DAY_OF_WEEK_FIELD] = croneDayOfWeek(fields[DAY_OF_WEEK_FIELD]!, spec);
  let next: Date | null;
  try {
    next = new Cron(fields.join(' '), { timezone: 'UTC', paused: true, legacyMode: false }).nextRun(new Date(after));
  } catch (error) {
    throw new HostCallError(`invalid cron spec "${spec}": ${(error as Error).message}`);
  }
  if (!next) throw new HostCallError(`cron spec "${spec}" has no future fire time`);
  return next.getTime();
}
