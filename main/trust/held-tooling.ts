// A tool server whose command a workspace that is not trusted names: nothing is started, its
// status says why, and every call a brain (or the workbench) makes fails with a host error the
// brain can catch.

import { BackendStatusTracker, type BackendStatus } from '../backends/backend-status.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import type { ResourceContent, ResourceInfo, Tool, ToolResult } from '../host-api/wit-types.generated.ts';
import type { Delivery, Tooling } from '../tooling/tooling.ts';
import { heldReason, NOT_TRUSTED, type HeldBack } from './restrictions.ts';

export class HeldTooling implements Tooling {
  private readonly tracker = new BackendStatusTracker('held');
  private readonly reason: string;

  constructor(
    readonly name: string,
    readonly kind: string,
    item: HeldBack,
  ) {
    this.tracker.set('held', NOT_TRUSTED);
    this.reason = heldReason(item);
  }

  listTools(): Promise<Tool[]> {
    return this.refuse();
  }

  callTool(): Promise<ToolResult> {
    return this.refuse();
  }

  startToolCall(_name: string, _args: string, delivery: Delivery): void {
    delivery.deliver({ kind: 'error', data: this.reason });
    delivery.close('failed');
  }

  listResources(): Promise<ResourceInfo[]> {
    return this.refuse();
  }

  readResource(): Promise<ResourceContent> {
    return this.refuse();
  }

  subscribeResourceList(): Promise<void> {
    return this.refuse();
  }

  subscribeResource(): Promise<void> {
    return this.refuse();
  }

  stop(): void {}

  status(): BackendStatus {
    return this.tracker.snapshot(0);
  }

  private refuse(): Promise<never> {
    return Promise.reject(new HostCallError(this.reason));
  }
}
