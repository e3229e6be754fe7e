// Timestamps: `timestamp()` and elapsed seconds as FLOAT. Uses the global `performance` clock,
// available in Node and browsers alike.

import { RFloat, Timestamp, type Value } from '../types/values.ts';
import type { Define } from './define.ts';

function elapsed([t]: Value[]): Value {
  return new RFloat((performance.now() - (t as Timestamp).ms) / 1000);
}

export function registerTime(def: Define): void {
  def('timestamp', [], () => new Timestamp(performance.now()));
  def('elapsed', ['timestamp'], elapsed);
  def('get$elapsed', ['timestamp'], elapsed);
}
