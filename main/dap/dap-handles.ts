// DAP's frame ids and variable references are one number space for the whole session, while
// each agent's engine numbers its own from 1. Each (agent, id) pair gets a session-wide number,
// valid until that agent goes on.

interface Owned {
  agent: string;
  id: number;
}

export class DapHandles {
  #next = 1;
  readonly #byNumber = new Map<number, Owned>();

  frame(agent: string, id: number): number {
    return this.#allocate(agent, id);
  }

  /** 0 stays 0: a value without children. */
  reference(agent: string, id: number): number {
    return id === 0 ? 0 : this.#allocate(agent, id);
  }

  frameOf(handle: number): Owned {
    return this.#owned(handle, 'frame');
  }

  referenceOf(handle: number): Owned {
    return this.#owned(handle, 'variables reference');
  }

  /** The agent went on: its frames and values are gone. */
  forget(agent: string): void {
    for (const [handle, owned] of this.#byNumber) if (owned.agent === agent) this.#byNumber.delete(handle);
  }

  #allocate(agent: string, id: number): number {
    const handle = this.#next++;
    this.#byNumber.set(handle, { agent, id });
    return handle;
  }

  #owned(handle: number, what: string): Owned {
    const owned = this.#byNumber.get(handle);
    if (!owned) throw new Error(`unknown ${what} ${handle}: the thread went on since it was given`);
    return owned;
  }
}
