// `brainbench lsp`: a Language Server Protocol server for Rhai brains over a pair of streams
// (standard input and output). Documents are analysed on a thread of their own, by the same
// parser the runtime and the workbench's editor use (document-analyses.ts says when); requests
// are answered on this one, so that none waits behind a long document. Frames that cannot be
// read get a JSON-RPC error back and the session goes on (frame-reader.ts).

import {
  createConnection,
  DiagnosticSeverity,
  LSPErrorCodes,
  ResponseError,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type ResponseMessage,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisCancelled, AnalysisThread } from './analysis-thread.ts';
import { DocumentAnalyses } from './document-analyses.ts';
import { FrameReader } from './frame-reader.ts';
import type { RhaiAnalysis } from './rhai-analysis.ts';
import { rhaiCompletions } from './rhai-completion.ts';
import { rhaiHover } from './rhai-hover.ts';
import { rhaiDefinition, rhaiSymbols } from './rhai-navigation.ts';

export interface LanguageServerInfo {
  name: string;
  version: string;
}

export interface LanguageServer {
  connection: Connection;
  /** Settles when the client closes the input: 0 after `shutdown`, 1 without it (the client is gone). */
  ended: Promise<number>;
}

/** How long hover, completion and definition wait for the analysis of the text as it is now. */
const PATIENCE_MS = 300;

const isRhai = (document: TextDocument) => document.languageId === 'rhai' || document.uri.endsWith('.rhai');

function diagnosticsOf(analysis: RhaiAnalysis): Diagnostic[] {
  return analysis.diagnostics.map((d) => {
    const range = analysis.text.range(
      { line: d.start.line, col: d.start.column },
      { line: d.end.line, col: d.end.column },
    );
    // An error at one point (the end of the text) still needs a character to underline.
    if (range.end.line === range.start.line && range.end.character === range.start.character) range.end.character++;
    return { range, message: d.message, severity: DiagnosticSeverity.Error, source: 'rhai', code: d.kind };
  });
}

/** A request whose client gave up on it gets the protocol's answer for that. */
function unlessCancelled(error: unknown): never {
  if (error instanceof AnalysisCancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  throw error;
}

/** Serves until the client sends `exit` or closes the input; the streams carry only the protocol. */
export function startLanguageServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  info: LanguageServerInfo,
): LanguageServer {
  const reader = new FrameReader(input);
  const writer = new StreamMessageWriter(output);
  reader.onMalformed(({ code, message }) => {
    // A write fails only when the client is gone, which the reader's close handles.
    const answer: ResponseMessage = {
      jsonrpc: '2.0',
      id: null,
      error: { code, message: `unreadable frame skipped: ${message}` },
    };
    writer.write(answer).catch(() => undefined);
  });
  const connection = createConnection(reader, writer);
  const documents = new TextDocuments(TextDocument);
  const thread = new AnalysisThread();
  const analyses = new DocumentAnalyses(documents, thread, {
    analysed: (uri, version, analysis) =>
      void connection.sendDiagnostics({ uri, version, diagnostics: diagnosticsOf(analysis) }),
    failed: (uri, message) => connection.console.error(`could not analyse ${uri}: ${message}`),
  });

  let shutdown = false;
  const ended = new Promise<number>((resolve) =>
    reader.onClose(() => {
      void thread.close();
      resolve(shutdown ? 0 : 1);
    }),
  );
  connection.onShutdown(() => {
    shutdown = true;
  });

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [':', '.'] },
      hoverProvider: true,
      documentSymbolProvider: true,
      definitionProvider: true,
    },
    serverInfo: info,
  }));

  documents.onDidChangeContent(({ document }) => {
    if (isRhai(document)) analyses.changed(document);
  });
  documents.onDidClose(({ document }) => {
    analyses.closed(document.uri);
    if (isRhai(document)) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCompletion(async ({ textDocument, position }) => {
    const analysis = await analyses.recent(textDocument.uri, PATIENCE_MS);
    return analysis ? rhaiCompletions(analysis, position) : [];
  });
  connection.onHover(async ({ textDocument, position }) => {
    const analysis = await analyses.recent(textDocument.uri, PATIENCE_MS);
    return analysis ? rhaiHover(analysis, position) : null;
  });
  connection.onDefinition(async ({ textDocument, position }) => {
    const analysis = await analyses.recent(textDocument.uri, PATIENCE_MS);
    return analysis ? rhaiDefinition(analysis, textDocument.uri, position) : [];
  });
  connection.onDocumentSymbol(async ({ textDocument }, token) => {
    const analysis = await analyses.current(textDocument.uri, token).catch(unlessCancelled);
    return analysis ? rhaiSymbols(analysis) : [];
  });

  documents.listen(connection);
  connection.listen();
  return { connection, ended };
}
