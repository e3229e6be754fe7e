// Starts the analysis thread from the TypeScript sources: a worker thread does not inherit the
// TypeScript loader that bin/brainbench.mjs registered on the main thread.
import { register } from 'tsx/esm/api';

register();
await import('./analysis-worker.ts');
