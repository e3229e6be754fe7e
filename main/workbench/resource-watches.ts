// Resources the user follows from the tooling panel (docs/workbench.md#tools-and-resources). The
// subscription is the workbench's own: no agent's inbox sees its updates, which go to the
// renderers as `resource-update` events. A mock's content updates are scripted for its agents
// and would be used up by a subscription here, so a mock is not followed.

import { randomUUID } from 'node:crypto';
import type { ResourceContent } from '../host-api/wit-types.generated.ts';
import type { Tooling } from '../tooling/tooling.ts';

interface Watch {
  tooling: Tooling;
  open: boolean;
}

export type ResourceUpdate = (subscription: string, tooling: string, content: ResourceContent) => void;

export class ResourceWatches {
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly onUpdate: ResourceUpdate) {}

  async subscribe(tooling: Tooling, uri: string): Promise<string> {
    if (tooling.kind === 'mock') {
      throw new Error(
        `${tooling.name} is a mock: its content updates are scripted for its agents, and following ` +
          `${uri} here would use them up; read it instead, or watch an agent's subscription in Registries`,
      );
    }
    const uuid = randomUUID();
    const watch: Watch = { tooling, open: true };
    this.watches.set(uuid, watch);
    try {
      await tooling.subscribeResource(uri, {
        uuid,
        isOpen: () => watch.open,
        deliver: (event) => {
          if (watch.open && event.kind === 'resource-updated') this.onUpdate(uuid, tooling.name, event.data);
        },
        close: () => {
          watch.open = false;
          this.watches.delete(uuid);
        },
      });
    } catch (error) {
      this.watches.delete(uuid);
      throw error;
    }
    return uuid;
  }

  unsubscribe(uuid: string): boolean {
    const watch = this.watches.get(uuid);
    if (!watch) return false;
    watch.open = false;
    this.watches.delete(uuid);
    watch.tooling.stop(uuid);
    return true;
  }

  /** The tooling is going away (another workspace, a saved config): every subscription ends. */
  clear(): void {
    for (const uuid of [...this.watches.keys()]) this.unsubscribe(uuid);
  }
}
