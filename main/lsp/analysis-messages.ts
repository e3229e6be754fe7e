// What the server's thread and its analysis thread say to each other.

import type { PackedFacts } from './packed-facts.ts';

export interface AnalysisRequest {
  id: number;
  text: string;
}

export type AnalysisReply = { id: number; facts: PackedFacts } | { id: number; failure: string };
