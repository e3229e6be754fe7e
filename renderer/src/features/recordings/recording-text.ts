// How the recording views put sizes, dates, outcomes and token counts into words.

import type { IterationResult } from '../../../../contract/iteration-result.ts';
import type { TokenCount } from '../../../../contract/recording-views.ts';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** `2026-12-01 21:40:12`, in local time. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function describeResult(result: IterationResult | undefined): string {
  if (!result) return 'cut short';
  if (result.kind === 'aborted') return `aborted (${result.cause})`;
  if (result.kind === 'failed') {
    const at = result.line !== undefined ? ` (line ${result.line}, column ${result.column ?? 1})` : '';
    return `${result.error}${at}`;
  }
  return result.outcome === 'completed' ? 'completed' : `exited: ${result.outcome.exited}`;
}

export function formatTokens(tokens: TokenCount): string {
  return tokens.total === 0 ? '—' : `${tokens.total} tok`;
}

/** A signed difference, `+12` or `-3`, and `±0` for none. */
export function delta(a: number, b: number, digits = 0): string {
  const d = b - a;
  if (d === 0) return '±0';
  return `${d > 0 ? '+' : ''}${d.toFixed(digits)}`;
}

/** A path as the workspace names it: relative to the root when inside it. */
export function workspacePath(path: string, root: string | undefined): string {
  if (root && path.startsWith(`${root}/`)) return path.slice(root.length + 1);
  return path;
}

/** The first 12 hex digits of a sha256, enough to tell two brains apart at a glance. */
export function shortHash(sha256: string | null): string {
  return sha256 === null ? 'unreadable' : sha256.slice(0, 12);
}
