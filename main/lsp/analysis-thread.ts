// The worker thread that analyses documents, one at a time. Cancelling an analysis ends the
// thread outright (a parse cannot be interrupted from outside) and starts a fresh one at once, so
// that the next analysis does not wait for it to load.

import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-messages.ts';
import { unpackFacts } from './packed-facts.ts';
import type { RhaiFacts } from './rhai-analysis.ts';

// Bundled into dist/cli, the worker is bundled beside this module; from the sources, the entry
// registers tsx in the thread first.
const BUNDLED_ENTRY = new URL('./analysis-worker.mjs', import.meta.url);
const ENTRY = existsSync(BUNDLED_ENTRY) ? BUNDLED_ENTRY : new URL('./analysis-worker-entry.mjs', import.meta.url);

/** An analysis that was cancelled: not a failure, nobody needs to hear of it. */
export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled');
  }
}

interface Job {
  id: number;
  resolve: (facts: RhaiFacts) => void;
  reject: (error: Error) => void;
}

export class AnalysisThread {
  private worker: Worker | undefined;
  private job: Job | undefined;
  private nextId = 1;

  constructor() {
    this.worker = this.start();
  }

  get busy(): boolean {
    return this.job !== undefined;
  }

  /** The facts of `text`; one analysis at a time. */
  analyse(text: string): Promise<RhaiFacts> {
    if (this.job) throw new Error('the analysis thread is busy');
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      const request: AnalysisRequest = { id: this.nextId++, text };
      this.job = { id: request.id, resolve, reject };
      worker.postMessage(request);
    });
  }

  /** Abandons the running analysis, if any; it rejects with AnalysisCancelled. */
  cancel(): void {
    const job = this.job;
    if (!job) return;
    this.replace();
    job.reject(new AnalysisCancelled());
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.job?.reject(new AnalysisCancelled());
    this.job = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(ENTRY);
    // The thread must not keep the process alive once the server is done.
    worker.unref();
    worker.on('message', (reply: AnalysisReply) => {
      const job = this.job;
      if (worker !== this.worker || !job || job.id !== reply.id) return;
      this.job = undefined;
      if ('facts' in reply) job.resolve(unpackFacts(reply.facts));
      else job.reject(new Error(reply.failure));
    });
    const lost = (why: string) => {
      if (worker !== this.worker) return;
      const job = this.job;
      this.worker = undefined;
      this.job = undefined;
      job?.reject(new Error(why));
    };
    worker.on('error', (error) => lost(`the analysis thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`the analysis thread ended (exit code ${code})`));
    return worker;
  }

  private replace(): void {
    const old = this.worker;
    this.job = undefined;
    this.worker = this.start();
    void old?.terminate();
  }
}
