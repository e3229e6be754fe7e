// What the host holds back in a workspace that is not trusted, item by item, and the lookups the
// host consults (restriction-report.ts computes them from a loaded config). A Host given none runs
// everything: the command line's `run`, `loop` and `test`, the user's own explicit act.

import type { HeldItem } from '../../contract/views.ts';

export type HeldSection = 'tooling' | 'runtime' | 'providers';

export interface HeldBack extends HeldItem {
  /** The config table it belongs to. */
  target: { section: HeldSection; name: string };
  /** A credential item's: what the back end is built without. */
  withheld?: Withheld;
}

export interface Withheld {
  /** Keys of the table set from the user's environment (`api_key`, `auth_token`). */
  params: readonly string[];
  /** Header names set from the user's environment (an MCP server's `headers`). */
  headers: readonly string[];
  /** Variables of the user's environment the back end must not read. */
  variables: readonly string[];
}

export const NOT_TRUSTED = 'held back: this workspace is not trusted';

export class Restrictions {
  constructor(readonly items: readonly HeldBack[]) {}

  /** A tool server whose command is not started. */
  heldTooling(name: string): HeldBack | undefined {
    return this.find('command', 'tooling', name);
  }

  /** A runtime whose agents do not start. */
  heldRuntime(name: string): HeldBack | undefined {
    return this.find('runtime', 'runtime', name);
  }

  /** What a provider or an HTTP tool server is built without. */
  withheld(section: 'providers' | 'tooling', name: string): Withheld | undefined {
    return this.find('credential', section, name)?.withheld;
  }

  private find(kind: HeldItem['kind'], section: HeldSection, name: string): HeldBack | undefined {
    return this.items.find(
      (item) => item.kind === kind && item.target.section === section && item.target.name === name,
    );
  }
}

/** What a brain, an agent's status or the back ends list says of a held item. */
export function heldReason(item: HeldBack): string {
  const what = item.kind === 'command' ? 'it would run' : 'it asks for';
  return `${item.subject} is ${NOT_TRUSTED} (${what}: ${item.text}); trust the workspace to let it run`;
}
