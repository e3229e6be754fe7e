// At most so many tasks at once, the others waiting their turn in the order they came: how many
// live judge calls a rescore makes side by side while many more trials are in flight.

export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.used < this.size) this.used++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    }
  }
}
