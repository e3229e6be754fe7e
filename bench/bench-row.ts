/** One line of the benchmark table. */
export interface BenchRow {
  name: string;
  /** The median. */
  value: number;
  unit: string;
  /** The raw floor the figure is compared with, in the same unit. */
  floor?: number;
  /** What the figure should meet, as written in the issue. */
  target?: string;
}
