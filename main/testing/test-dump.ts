// `brainbench test --dump PATH`: one document describing every test that ran, for CI artifacts
// and for reading a failure after the fact (omw-compat 14.1, 14.6). Beyond the tooling snapshot
// omw's layout is not known; this one is described in docs/testing.md.

import { stringify as toToml } from 'smol-toml';
import { stringify as toYaml } from 'yaml';
import type { ConfigFormat } from '../config/config-format.ts';
import type { DiscoveredTest } from './discover-tests.ts';
import type { TestResult } from './run-test.ts';

export interface DumpedTest {
  label: string;
  verdict: 'pass' | 'fail';
  duration_ms: number;
  errors: string[];
  agents: Record<string, DumpedAgent>;
  mocks: unknown[];
}

interface DumpedAgent {
  verdict: 'pass' | 'fail' | 'none';
  reason?: string;
  /** Assertion steps behind the matcher's cursor. */
  cursor: number;
  observed: { index: number; consumed_by?: number; event: unknown }[];
  diff: string;
}

export function dumpDocument(runs: readonly { test: DiscoveredTest; result: TestResult }[]): { tests: DumpedTest[] } {
  const sorted = [...runs].sort((a, b) => (a.test.label < b.test.label ? -1 : a.test.label > b.test.label ? 1 : 0));
  return { tests: sorted.map(({ test, result }) => dumpTest(test.label, result)) };
}

function dumpTest(label: string, result: TestResult): DumpedTest {
  const agents: Record<string, DumpedAgent> = {};
  for (const report of result.snapshot?.matchers ?? []) {
    const verdict = result.agents.find((a) => a.agent === report.agent);
    agents[report.agent] = {
      verdict: verdict === undefined ? 'none' : verdict.pass ? 'pass' : 'fail',
      ...(verdict?.reason !== undefined ? { reason: verdict.reason } : {}),
      cursor: report.cursor,
      observed: report.observed.map((o) => ({
        index: o.index,
        ...(o.consumedBy !== undefined ? { consumed_by: o.consumedBy } : {}),
        event: o.event,
      })),
      diff: report.diff,
    };
  }
  return {
    label,
    verdict: result.pass ? 'pass' : 'fail',
    duration_ms: Math.round(result.durationMs),
    errors: result.errors,
    agents,
    mocks: result.snapshot?.mocks ?? [],
  };
}

/** The document as text. TOML has no null: null values are left out there. */
export function formatDump(document: { tests: DumpedTest[] }, format: ConfigFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(document, null, 2)}\n`;
    case 'yaml':
      return toYaml(document);
    case 'toml':
      return toToml(withoutNulls(document) as Record<string, unknown>);
  }
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}
