// chrono-style strftime in UTC (omw's `time-format`). Pure: also answered inside agent processes.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The largest timestamp a JS Date holds; omw returns an empty string past chrono's range. */
const MAX_TICKS = 8.64e15;

const pad = (n: number, width: number, fill = '0'): string => String(n).padStart(width, fill);

function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** ISO 8601 week-numbering year and week: the week that holds the date's Thursday. */
function isoWeek(d: Date): { year: number; week: number } {
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3);
  const year = thursday.getUTCFullYear();
  return { year, week: Math.floor((dayOfYear(thursday) - 1) / 7) + 1 };
}

/** Week of the year with weeks starting on `firstDay` (0 = Sunday, 1 = Monday). */
function weekOfYear(d: Date, firstDay: number): number {
  const weekday = (d.getUTCDay() - firstDay + 7) % 7;
  return Math.floor((dayOfYear(d) - 1 - weekday + 7) / 7);
}

function fraction(ms: number, digits: number): string {
  return pad(ms, 3).padEnd(digits, '0').slice(0, digits);
}

function expand(spec: string, d: Date, ms: number): string | undefined {
  const hour12 = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  switch (spec) {
    case 'Y':
      return String(d.getUTCFullYear());
    case 'C':
      return pad(Math.floor(d.getUTCFullYear() / 100), 2);
    case 'y':
      return pad(d.getUTCFullYear() % 100, 2);
    case 'm':
      return pad(d.getUTCMonth() + 1, 2);
    case 'b':
    case 'h':
      return MONTHS[d.getUTCMonth()]!.slice(0, 3);
    case 'B':
      return MONTHS[d.getUTCMonth()];
    case 'd':
      return pad(d.getUTCDate(), 2);
    case 'e':
      return pad(d.getUTCDate(), 2, ' ');
    case 'a':
      return DAYS[d.getUTCDay()]!.slice(0, 3);
    case 'A':
      return DAYS[d.getUTCDay()];
    case 'w':
      return String(d.getUTCDay());
    case 'u':
      return String(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'U':
      return pad(weekOfYear(d, 0), 2);
    case 'W':
      return pad(weekOfYear(d, 1), 2);
    case 'G':
      return String(isoWeek(d).year);
    case 'g':
      return pad(isoWeek(d).year % 100, 2);
    case 'V':
      return pad(isoWeek(d).week, 2);
    case 'j':
      return pad(dayOfYear(d), 3);
    case 'D':
    case 'x':
      return `${expand('m', d, ms)}/${expand('d', d, ms)}/${expand('y', d, ms)}`;
    case 'F':
      return `${expand('Y', d, ms)}-${expand('m', d, ms)}-${expand('d', d, ms)}`;
    case 'v':
      return `${expand('e', d, ms)}-${expand('b', d, ms)}-${expand('Y', d, ms)}`;
    case 'H':
      return pad(d.getUTCHours(), 2);
    case 'k':
      return pad(d.getUTCHours(), 2, ' ');
    case 'I':
      return pad(hour12, 2);
    case 'l':
      return pad(hour12, 2, ' ');
    case 'P':
      return d.getUTCHours() < 12 ? 'am' : 'pm';
    case 'p':
      return d.getUTCHours() < 12 ? 'AM' : 'PM';
    case 'M':
      return pad(d.getUTCMinutes(), 2);
    case 'S':
      return pad(d.getUTCSeconds(), 2);
    case 'f':
      return fraction(ms, 9);
    case '.f':
      return ms === 0 ? '' : `.${fraction(ms, 3)}`;
    case '.3f':
      return `.${fraction(ms, 3)}`;
    case '.6f':
      return `.${fraction(ms, 6)}`;
    case '.9f':
      return `.${fraction(ms, 9)}`;
    case '3f':
      return fraction(ms, 3);
    case '6f':
      return fraction(ms, 6);
    case '9f':
      return fraction(ms, 9);
    case 'R':
      return `${expand('H', d, ms)}:${expand('M', d, ms)}`;
    case 'T':
    case 'X':
      return `${expand('H', d, ms)}:${expand('M', d, ms)}:${expand('S', d, ms)}`;
    case 'r':
      return `${expand('I', d, ms)}:${expand('M', d, ms)}:${expand('S', d, ms)} ${expand('p', d, ms)}`;
    case 'c':
      return `${expand('a', d, ms)} ${expand('b', d, ms)} ${expand('e', d, ms)} ${expand('T', d, ms)} ${expand('Y', d, ms)}`;
    case '+':
      return `${expand('F', d, ms)}T${expand('T', d, ms)}${expand('.f', d, ms)}+00:00`;
    case 'Z':
      return 'UTC';
    case 'z':
      return '+0000';
    case ':z':
      return '+00:00';
    case 's':
      return String(Math.floor(d.getTime() / 1000));
    case 't':
      return '\t';
    case 'n':
      return '\n';
    case '%':
      return '%';
    default:
      return undefined;
  }
}

const SPECIFIER = /%(\.?[369]?f|:z|[A-Za-z+%])/g;

/** Formats `ticks` (ms since the epoch) with a chrono strftime pattern; '' when out of range. */
export function formatTicks(ticks: number, pattern: string): string {
  if (!Number.isFinite(ticks) || ticks < 0 || ticks > MAX_TICKS) return '';
  const d = new Date(ticks);
  const ms = d.getUTCMilliseconds();
  return pattern.replace(SPECIFIER, (whole, spec: string) => expand(spec, d, ms) ?? whole);
}
