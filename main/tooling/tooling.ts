import type { OmwEvent, ResourceContent, ResourceInfo, Tool, ToolResult } from '../host-api/wit-types.generated.ts';
import type { BackendStatus } from '../backends/backend-status.ts';
import type { CloseReason } from '../trace/trace-event.ts';

/**
 * Where a queued tool call or a resource subscription sends its events. The host binds it to
 * one agent's inbox and one handle; deliveries after the handle closed are dropped.
 */
export interface Delivery {
  readonly uuid: string;
  isOpen(): boolean;
  deliver(event: OmwEvent): void;
  /** Closes the handle (a finished tool call); traced as `closed` with the reason. */
  close(reason: CloseReason): void;
}

/** A named tool server (omw `[tooling.<name>]`). */
export interface Tooling {
  readonly name: string;
  readonly kind: string;
  listTools(signal: AbortSignal): Promise<Tool[]>;
  /** `args` is JSON text; invalid JSON counts as null (omw-compat 2.3). */
  callTool(name: string, args: string, signal: AbortSignal): Promise<ToolResult>;
  /** Starts a queued call whose result or error goes to `delivery`. */
  startToolCall(name: string, args: string, delivery: Delivery): void;
  listResources(signal: AbortSignal): Promise<ResourceInfo[]>;
  readResource(uri: string, signal: AbortSignal): Promise<ResourceContent>;
  /** A back end that must ask its server first resolves once the server agreed, or rejects. */
  subscribeResourceList(delivery: Delivery): void | Promise<void>;
  /** A back end that must ask its server first resolves once the server agreed, or rejects. */
  subscribeResource(uri: string, delivery: Delivery): void | Promise<void>;
  /** Stops a subscription's or queued call's deliveries. */
  stop(uuid: string): void;
  /**
   * A call on the workbench's behalf (Try a tool call), which must not change what agents
   * observe: a back end with scripted answers shows its next one without using it up. Without
   * it, the workbench makes a real `callTool`.
   */
  tryCall?(name: string, args: string): Promise<ToolResult>;
  /** Back to its state as built (a mock's scripts from their start), as a fresh start finds it. */
  rewind?(): void;
  /** Live state, for back ends that do I/O. */
  status?(): BackendStatus;
  /** Drops the connection (ending a server process) and connects again. */
  restart?(): Promise<void>;
  /** Releases connections and server processes when the host closes. */
  close?(): Promise<void>;
}
