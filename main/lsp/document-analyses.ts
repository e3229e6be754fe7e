// When each open document is analysed, and which analysis a request is answered from. Analyses
// run on the analysis thread, off the path of requests: a change waits for a pause in typing
// (DEBOUNCE_MS) and cancels the analysis of an older version still running. Document symbols wait
// for the analysis of the version they ask about; hover, completion and definition wait a moment
// for it and then answer from the newest complete one, read against the current text, so that
// they stay quick while a long document is being read.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CancellationToken } from 'vscode-languageserver';
import { AnalysisCancelled, type AnalysisThread } from './analysis-thread.ts';
import { DocumentText } from './document-text.ts';
import { NO_FACTS, type RhaiAnalysis, type RhaiFacts } from './rhai-analysis.ts';

/** How long after a change its analysis starts, unless another change comes first. */
const DEBOUNCE_MS = 150;

/** What the analyses need of the open documents: the server's TextDocuments. */
export interface OpenDocuments {
  get(uri: string): TextDocument | undefined;
}

export interface AnalysisListener {
  /** A document's analysis is complete, for the version it names. */
  analysed(uri: string, version: number, analysis: RhaiAnalysis): void;
  /** An analysis failed other than by being cancelled (a fault of Brainbench's). */
  failed(uri: string, message: string): void;
}

interface Entry {
  /** The newest complete analysis and the version it is of. */
  latest?: { version: number; analysis: RhaiAnalysis };
  /** The version whose analysis is scheduled, running or done. */
  scheduled?: number;
  timer?: NodeJS.Timeout;
  /** Requests waiting for the analysis of the current version. */
  waiters: Set<(analysis: RhaiAnalysis | undefined) => void>;
  /** The current text's lines, kept while the version stays the same. */
  current?: { version: number; text: DocumentText };
}

export class DocumentAnalyses {
  private readonly entries = new Map<string, Entry>();
  /** Documents whose analysis is due, in the order they became due. */
  private readonly due = new Set<string>();
  private running: { uri: string; version: number } | undefined;

  constructor(
    private readonly documents: OpenDocuments,
    private readonly thread: AnalysisThread,
    private readonly listener: AnalysisListener,
  ) {}

  /** A document was opened (analysed at once) or changed (analysed after a pause). */
  changed(document: TextDocument): void {
    const opened = !this.entries.has(document.uri);
    const entry = this.entry(document.uri);
    if (entry.scheduled === document.version) return;
    entry.scheduled = document.version;
    clearTimeout(entry.timer);
    if (this.running?.uri === document.uri) {
      this.running = undefined;
      this.thread.cancel();
      this.next();
    }
    if (opened || entry.waiters.size > 0) this.makeDue(document.uri);
    else entry.timer = setTimeout(() => this.makeDue(document.uri), DEBOUNCE_MS);
  }

  closed(uri: string): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.entries.delete(uri);
    this.due.delete(uri);
    if (this.running?.uri === uri) {
      this.running = undefined;
      this.thread.cancel();
      this.next();
    }
    for (const wake of entry.waiters) wake(undefined);
  }

  /** The analysis of the document's current version, once it is made; undefined if it closes first. */
  current(uri: string, token?: CancellationToken): Promise<RhaiAnalysis | undefined> {
    const document = this.documents.get(uri);
    const entry = this.entries.get(uri);
    if (!document || !entry) return Promise.resolve(undefined);
    if (entry.latest?.version === document.version) return Promise.resolve(entry.latest.analysis);
    // A token cancelled before it was handed out never fires its event.
    if (token?.isCancellationRequested) return Promise.reject(new AnalysisCancelled());
    return new Promise((resolve, reject) => {
      const wake = (analysis: RhaiAnalysis | undefined) => {
        cancelled?.dispose();
        resolve(analysis);
      };
      const cancelled = token?.onCancellationRequested(() => {
        entry.waiters.delete(wake);
        reject(new AnalysisCancelled());
      });
      this.wait(uri, entry, wake);
    });
  }

  /**
   * The current version's analysis if it is ready within `patienceMs`; otherwise the newest
   * complete one (none at first) read against the current text.
   */
  recent(uri: string, patienceMs: number): Promise<RhaiAnalysis | undefined> {
    const document = this.documents.get(uri);
    const entry = this.entries.get(uri);
    if (!document || !entry) return Promise.resolve(undefined);
    if (entry.latest?.version === document.version) return Promise.resolve(entry.latest.analysis);
    return new Promise((resolve) => {
      const wake = (analysis: RhaiAnalysis | undefined) => {
        clearTimeout(late);
        resolve(analysis);
      };
      const late = setTimeout(() => {
        entry.waiters.delete(wake);
        resolve(this.over(entry.latest?.analysis ?? NO_FACTS, document, entry));
      }, patienceMs);
      this.wait(uri, entry, wake);
    });
  }

  /** Someone waits for the current version: the pause after the last change is over. */
  private wait(uri: string, entry: Entry, wake: (analysis: RhaiAnalysis | undefined) => void): void {
    entry.waiters.add(wake);
    if (entry.timer) this.makeDue(uri);
  }

  private over(facts: RhaiFacts, document: TextDocument, entry: Entry): RhaiAnalysis {
    if (entry.current?.version !== document.version)
      entry.current = { version: document.version, text: new DocumentText(document.getText()) };
    return { ...facts, text: entry.current.text };
  }

  private entry(uri: string): Entry {
    let entry = this.entries.get(uri);
    if (!entry) this.entries.set(uri, (entry = { waiters: new Set() }));
    return entry;
  }

  private makeDue(uri: string): void {
    const entry = this.entries.get(uri);
    if (entry) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    this.due.add(uri);
    this.next();
  }

  /** Starts the next due analysis when the thread is free. */
  private next(): void {
    while (!this.running && this.due.size > 0) {
      const uri = this.due.values().next().value!;
      this.due.delete(uri);
      const document = this.documents.get(uri);
      const entry = this.entries.get(uri);
      if (!document || !entry || entry.latest?.version === document.version) continue;
      this.run(uri, document.version, document.getText());
    }
  }

  private run(uri: string, version: number, text: string): void {
    const running = { uri, version };
    this.running = running;
    const finished = (facts: RhaiFacts) => {
      if (this.running !== running) return;
      this.running = undefined;
      this.complete(uri, version, { ...facts, text: new DocumentText(text) });
      this.next();
    };
    this.thread.analyse(text).then(finished, (error: Error) => {
      if (error instanceof AnalysisCancelled || this.running !== running) return;
      this.listener.failed(uri, error.message);
      // Waiting requests get what can be said without the analysis rather than nothing.
      finished(NO_FACTS);
    });
  }

  private complete(uri: string, version: number, analysis: RhaiAnalysis): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    if (!entry.latest || entry.latest.version < version) entry.latest = { version, analysis };
    if (this.documents.get(uri)?.version !== version) return;
    this.listener.analysed(uri, version, analysis);
    const waiters = [...entry.waiters];
    entry.waiters.clear();
    for (const wake of waiters) wake(analysis);
  }
}
