// A 200,000-line brain against the real `brainbench lsp`: its analysis takes time in proportion to
// its length, requests sent after it are not held behind that analysis, a client that gives up on
// its symbols is told so, and a change while it is being analysed cancels that analysis.
//
// The machine these tests run on is shared and often loaded many times over, so times are compared
// with times measured beside them in the same session; the absolute bound is only there so that a
// server that never answers fails rather than hangs.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CancellationTokenSource,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DocumentSymbolRequest,
  HoverRequest,
  LSPErrorCodes,
  ResponseError,
  type DocumentSymbol,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { largeBrain } from './large-brain.ts';
import { LspSession } from './lsp-fixture.ts';

const LINES = 200_000;
const SMALL_LINES = 20_000;
/** Ten times the lines may take this many times as long: linear, with room for a machine whose load moves. */
const MOST_TIMES_AS_LONG = 25;
/** The issue asks for 5 s on an idle machine (`npm run bench` measures it); this only catches a hang. */
const NO_ANSWER_MS = 120_000;

/** `promise`, or a failure naming `what` once NO_ANSWER_MS have passed. */
function answered<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${NO_ANSWER_MS} ms`)), NO_ANSWER_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe(`brainbench lsp on a ${LINES.toLocaleString('en')}-line brain`, { timeout: 600_000 }, () => {
  const text = largeBrain(LINES);
  let session: LspSession;
  let documents = 0;

  const symbolsOf = (uri: string, token?: CancellationTokenSource['token']) =>
    session.client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }, token) as Promise<
      DocumentSymbol[]
    >;

  /** Opens `source` as a new document; its uri. */
  async function open(source: string): Promise<string> {
    const uri = `file:///brains/large-${++documents}.rhai`;
    await session.open(uri, source);
    return uri;
  }

  /** Closes a document, which ends its analysis if one is running. */
  const close = (uri: string) =>
    session.client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });

  /** From opening `source` to its symbols. */
  async function timeToSymbols(source: string): Promise<number> {
    const opened = performance.now();
    const uri = await open(source);
    await answered(symbolsOf(uri), 'document symbols');
    await close(uri);
    return performance.now() - opened;
  }

  before(async () => {
    session = await LspSession.start();
    // The analysis thread's first document loads the parser.
    await timeToSymbols('let x = 1;\n');
  });

  after(() => session.close());

  it('answers its symbols in time proportional to its length, and a hover sent after them first', async () => {
    const smallBefore = await timeToSymbols(largeBrain(SMALL_LINES));
    const opened = performance.now();
    const uri = await open(text);
    const symbols = symbolsOf(uri).then((found) => ({ found, at: performance.now() }));
    // `let reply_0 = omw::host::memory_get_as("key_0");`: the omw path's docs.
    const hover = session.client
      .sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 20 } })
      .then((found) => ({ found, at: performance.now() }));
    const listed = await answered(symbols, 'document symbols');
    const hovered = await answered(hover, 'hover');
    const diagnostics = await answered(session.diagnostics(uri, 1), 'diagnostics');
    await close(uri);
    const smallAfter = await timeToSymbols(largeBrain(SMALL_LINES));

    const took = listed.at - opened;
    const small = Math.max(smallBefore, smallAfter);
    const figures = `${LINES} lines: ${Math.round(took)} ms; ${SMALL_LINES} lines: ${Math.round(smallBefore)} and ${Math.round(smallAfter)} ms`;
    assert.ok(took < MOST_TIMES_AS_LONG * small, figures);
    assert.ok(
      hovered.at < listed.at,
      `the hover came ${Math.round(hovered.at - opened)} ms after the open; ${figures}`,
    );
    assert.match((hovered.found?.contents as MarkupContent).value, /omw::host::memory_get_as/);

    // Every function and every top-level variable, in the order of the text.
    const declared = text.split('\n').flatMap((line, i) => {
      const found = /^(?:fn|let) (\w+)/.exec(line);
      return found ? [[found[1], i]] : [];
    });
    assert.equal(listed.found.length, declared.length);
    assert.deepEqual([listed.found.at(-1)!.name, listed.found.at(-1)!.selectionRange.start.line], declared.at(-1));
    assert.deepEqual(diagnostics.diagnostics, []);
  });

  it('answers a symbols request the client cancels with RequestCancelled, not after the analysis', async () => {
    const uri = await open(text);
    const source = new CancellationTokenSource();
    const symbols = symbolsOf(uri, source.token);
    source.cancel();
    const error = await answered(symbols, 'cancelled symbols').then(
      (found) => assert.fail(`the cancelled request got its symbols (${found.length})`),
      (failure: unknown) => failure,
    );
    const refusedAt = performance.now();
    assert.ok(error instanceof ResponseError, String(error));
    assert.equal(error.code, LSPErrorCodes.RequestCancelled);
    // The analysis goes on for the diagnostics; the cancelled request did not wait for it.
    const diagnostics = await answered(session.diagnostics(uri, 1), 'diagnostics');
    await close(uri);
    assert.ok(refusedAt < diagnostics.at, 'the cancelled request was answered after the analysis');
  });

  it('cancels the analysis of a version that a change replaces: the new one is answered long before', async () => {
    const whole = await timeToSymbols(text);
    const opened = performance.now();
    const uri = await open(text);
    await session.client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: 'fn short() { 1 }\nlet x = short();\n' }],
    });
    const symbols = await answered(symbolsOf(uri), 'symbols of the new version');
    const took = performance.now() - opened;
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['short', 'x'],
    );
    assert.equal((await session.diagnostics(uri, 2)).diagnostics.length, 0);
    await close(uri);
    const figures = `the new version took ${Math.round(took)} ms, the whole document ${Math.round(whole)} ms`;
    assert.ok(took < whole / 2, figures);
  });
});
