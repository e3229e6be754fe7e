// Whether a workspace folder is trusted: the user trusted it (trust-store.ts), or it is the
// example workspace Brainbench ships. Decided by real path, so a link to a trusted folder is that
// folder, and a copy of the example is not the example.

import { realPathOf } from '../files/folder-boundary.ts';
import { bundledExampleWorkspace } from './bundled-example.ts';
import { TrustStore } from './trust-store.ts';

export type TrustDecision =
  | { trusted: true; by: 'user' | 'bundled-example' }
  /** `problem`: the trust file could not be used, which is why nothing is trusted. */
  | { trusted: false; problem?: string };

export class WorkspaceTrust {
  constructor(
    readonly store: TrustStore,
    /** Folders Brainbench ships (the example workspace), trusted without asking. */
    private readonly bundled: readonly string[] = [bundledExampleWorkspace()],
  ) {}

  /** The user's trust store, and the bundled example (the Electron shell names its own place for it). */
  static forUser(env: Readonly<Record<string, string | undefined>> = process.env, bundled?: readonly string[]) {
    return new WorkspaceTrust(TrustStore.forUser(env), bundled);
  }

  decide(folder: string): TrustDecision {
    const real = realPathOf(folder);
    if (real !== undefined && this.bundled.some((path) => realPathOf(path) === real)) {
      return { trusted: true, by: 'bundled-example' };
    }
    const { trusted, problem } = this.store.isTrusted(folder);
    if (trusted) return { trusted: true, by: 'user' };
    return problem === undefined ? { trusted: false } : { trusted: false, problem };
  }
}
