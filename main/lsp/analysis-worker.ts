// The analysis thread's body: parses each text it is sent and answers with the facts, so that the
// server's own thread keeps answering requests while a long document is being read.

import { parentPort } from 'node:worker_threads';
import type { AnalysisReply, AnalysisRequest } from './analysis-messages.ts';
import { packFacts, transferables } from './packed-facts.ts';
import { analyseRhai } from './rhai-analysis.ts';

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread');

port.on('message', ({ id, text }: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { id, facts: packFacts(analyseRhai(text)) };
  } catch (error) {
    // The parser reports every syntax error as data; what lands here is a fault of Brainbench's.
    reply = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, 'facts' in reply ? transferables(reply.facts) : []);
});
