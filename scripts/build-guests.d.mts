export interface BuildGuestsOptions {
  /** Rebuild every guest, stale or not. */
  force?: boolean;
  log?: (line: string) => void;
}

/** Builds every stale guest into guests/build/; resolves to the names it built. */
export function buildGuests(options?: BuildGuestsOptions): Promise<string[]>;
