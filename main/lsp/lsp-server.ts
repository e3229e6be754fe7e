// `brainbench lsp`: a Language Server Protocol server for Rhai brains over a pair of streams
// (standard input and output). Every answer comes from one analysis per document version, made
// by the same parser the runtime and the workbench's editor use.

import {
  createConnection,
  DiagnosticSeverity,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyseRhai, type RhaiAnalysis } from './rhai-analysis.ts';
import { rhaiCompletions } from './rhai-completion.ts';
import { rhaiHover } from './rhai-hover.ts';
import { rhaiDefinition, rhaiSymbols } from './rhai-navigation.ts';

export interface LanguageServerInfo {
  name: string;
  version: string;
}

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

/** Serves until the client sends `exit` or closes the input; the streams carry only the protocol. */
export function startLanguageServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  info: LanguageServerInfo,
): Connection {
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  const analyses = new Map<string, { version: number; analysis: RhaiAnalysis }>();

  const analysisOf = (uri: string): RhaiAnalysis | undefined => {
    const document = documents.get(uri);
    if (!document || !isRhai(document)) return undefined;
    const cached = analyses.get(uri);
    if (cached?.version === document.version) return cached.analysis;
    const analysis = analyseRhai(document.getText());
    analyses.set(uri, { version: document.version, analysis });
    return analysis;
  };

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
    const analysis = analysisOf(document.uri);
    if (analysis)
      void connection.sendDiagnostics({
        uri: document.uri,
        version: document.version,
        diagnostics: diagnosticsOf(analysis),
      });
  });
  documents.onDidClose(({ document }) => {
    analyses.delete(document.uri);
    if (isRhai(document)) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCompletion(({ textDocument, position }) => {
    const analysis = analysisOf(textDocument.uri);
    return analysis ? rhaiCompletions(analysis, position) : [];
  });
  connection.onHover(({ textDocument, position }) => {
    const analysis = analysisOf(textDocument.uri);
    return analysis ? rhaiHover(analysis, position) : null;
  });
  connection.onDocumentSymbol(({ textDocument }) => {
    const analysis = analysisOf(textDocument.uri);
    return analysis ? rhaiSymbols(analysis) : [];
  });
  connection.onDefinition(({ textDocument, position }) => {
    const analysis = analysisOf(textDocument.uri);
    return analysis ? rhaiDefinition(analysis, textDocument.uri, position) : [];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
