// `brainbench lsp` as an editor meets it: the real command in a child process, the protocol
// library's client, and a long brain opened (test/lsp/large-brain.ts); the clock runs from the
// open to the document symbols, which wait for the document's analysis. Each size is opened
// three times, as a new document each time, in one session.

import { DocumentSymbolRequest } from 'vscode-languageserver-protocol/node';
import { largeBrain } from '../test/lsp/large-brain.ts';
import { LspSession } from '../test/lsp/lsp-fixture.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const SIZES = [10_000, 40_000, 200_000];
const RUNS = 3;

export async function lspBenchmarks(): Promise<BenchRow[]> {
  const session = await LspSession.start();
  try {
    // The analysis thread's first document loads the parser.
    await timeToSymbols(session, 'file:///bench/warm-up.rhai', largeBrain(100));
    const rows: BenchRow[] = [];
    for (const lines of SIZES) {
      const text = largeBrain(lines);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++)
        times.push(await timeToSymbols(session, `file:///bench/brain-${lines}-${run}.rhai`, text));
      rows.push({
        name: `language server: open to symbols, ${lines.toLocaleString('en')} lines`,
        value: median(times),
        unit: 'ms',
        ...(lines === 200_000 ? { target: '< 5000 ms' } : {}),
      });
    }
    return rows;
  } finally {
    await session.close();
  }
}

async function timeToSymbols(session: LspSession, uri: string, text: string): Promise<number> {
  const opened = performance.now();
  await session.open(uri, text);
  await session.client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  return performance.now() - opened;
}
