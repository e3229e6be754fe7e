import type { OmwEvent, ResourceContent, ResourceInfo, Tool, ToolResult } from '../host-api/wit-types.generated.ts';
import type { MockToolingParams } from './mock-tooling-params.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import { abortableDelay, untilAborted } from '../backends/abortable.ts';
import type { BackendEnvironment } from '../backends/backend-kind.ts';
import type { InjectionState } from '../backends/injection-queue.ts';
import { TraceGate } from '../backends/trace-gate.ts';
import type { Delivery, Tooling } from './tooling.ts';

type ScriptedCall = MockToolingParams['tool_calls'][number];
type ListUpdate = MockToolingParams['resource_list_updates'][number];
type ContentUpdate = MockToolingParams['resource_content_updates'][number];

/** A scripted step with its `after` gate. */
interface Gated<T> {
  step: T;
  gate: TraceGate;
}

/** One tool call the mock answered, for the workbench and test snapshots. */
export interface RecordedToolCall {
  name: string;
  arguments: string;
  result: { content: string; structured_content?: string } | null;
}

/** What the mock consumed, as omw-test's `--dump` reports it (omw-compat 14.6). */
export interface ToolingSnapshot {
  kind: 'tooling';
  name: string;
  tool_calls_total: number;
  tool_calls_consumed: number;
  tool_calls_remaining: number;
  calls: { name: string; arguments: string; result: { content: string; structured_content: string | null } | null }[];
}

const jsonText = (value: unknown): string => JSON.stringify(value ?? null);

/**
 * omw's deterministic tooling double (omw-compat 13.2). Queued calls and resource subscriptions
 * are delivered as call-boundary injections; blocking calls wait for their step's gate, then
 * `delay_ms`, then answer.
 */
export class MockTooling implements Tooling {
  readonly kind = 'mock';
  readonly calls: RecordedToolCall[] = [];
  private cursor = 0;
  private readonly toolCalls: Gated<ScriptedCall>[];
  private readonly listUpdates: Gated<ListUpdate>[];
  private readonly contentUpdates: Gated<ContentUpdate>[];
  private resources: ResourceInfo[];
  private readonly contents: Map<string, string>;
  private readonly stopped = new Set<string>();

  constructor(
    readonly name: string,
    private readonly params: MockToolingParams,
    private readonly env: BackendEnvironment,
  ) {
    const gated = <T extends { after?: unknown }>(steps: T[], key: string): Gated<T>[] =>
      steps.map((step, i) => ({
        step,
        gate: new TraceGate(step.after, `tooling.${name}.${key}[${i}].after`, env.trace),
      }));
    this.toolCalls = gated(params.tool_calls, 'tool_calls');
    this.listUpdates = gated(params.resource_list_updates, 'resource_list_updates');
    this.contentUpdates = gated(params.resource_content_updates, 'resource_content_updates');
    this.resources = params.initial_resource_list.map((r) => ({ ...r }));
    this.contents = new Map(Object.entries(params.initial_resource_contents));
  }

  async listTools(): Promise<Tool[]> {
    return this.params.tools.map((t) => ({
      name: t.name,
      ...(t.description !== undefined ? { description: t.description } : {}),
      input_schema: jsonText(t.input_schema ?? {}),
      ...(t.output_schema !== undefined ? { output_schema: jsonText(t.output_schema) } : {}),
    }));
  }

  async callTool(name: string, args: string, signal: AbortSignal): Promise<ToolResult> {
    if (this.toolCalls.length === 0) throw new HostCallError(`mock has no scripted result for tool "${name}"`);
    const { step, gate } = this.take(name);
    await gate.whenOpen(signal);
    await abortableDelay(this.params.delay_ms, signal);
    if (step.pending) await untilAborted(signal);
    return this.answer(step, args);
  }

  /**
   * A try from the workbench, which never depends on where the agents are in the script nor
   * changes it: the next scripted answer when it is for `name` (what a call now would get,
   * without consuming it or waiting for its gate), else the first for `name` in the script, as a
   * fresh copy of the queue would give it (the agents used it up, or the next one is for another
   * tool).
   */
  async tryCall(name: string, args: string): Promise<ToolResult> {
    const next = this.toolCalls[this.cursor]?.step;
    const answering = (step: ScriptedCall | undefined) => step?.name === name && !step.pending;
    const step = answering(next) ? next : this.toolCalls.map((call) => call.step).find(answering);
    if (!step)
      throw new HostCallError(`the mock scripts no answer for tool "${name}" (tool_calls has none that answers)`);
    return this.result(step, args);
  }

  /**
   * The scripts from their start, the resources as configured. `after` gates stay as they are:
   * they follow the trace, which a restart of one agent does not erase.
   */
  rewind(): void {
    this.cursor = 0;
    this.calls.length = 0;
    this.resources = this.params.initial_resource_list.map((r) => ({ ...r }));
    this.contents.clear();
    for (const [uri, content] of Object.entries(this.params.initial_resource_contents)) this.contents.set(uri, content);
  }

  startToolCall(name: string, args: string, delivery: Delivery): void {
    let scripted: Gated<ScriptedCall> | undefined;
    let failure: string | undefined;
    try {
      scripted = this.take(name);
    } catch (error) {
      failure = (error as Error).message;
    }
    this.env.injections.register({
      attempt: (): InjectionState => {
        if (!delivery.isOpen()) return 'discard';
        if (scripted && (scripted.step.pending || !scripted.gate.open)) return 'pending';
        try {
          if (failure !== undefined) throw new HostCallError(failure);
          delivery.deliver({ kind: 'tool-result', data: this.answer(scripted!.step, args) });
          delivery.close('ended');
        } catch (error) {
          delivery.deliver({ kind: 'error', data: (error as Error).message });
          delivery.close('failed');
        }
        return 'delivered';
      },
    });
  }

  async listResources(): Promise<ResourceInfo[]> {
    return this.resources.map((r) => ({ ...r }));
  }

  async readResource(uri: string): Promise<ResourceContent> {
    const content = this.contents.get(uri);
    if (content === undefined) throw new HostCallError(`mock has no content for resource ${uri}`);
    const mimeType = this.resources.find((r) => r.uri === uri)?.mime_type;
    return { uri, ...(mimeType !== undefined ? { mime_type: mimeType } : {}), content };
  }

  subscribeResourceList(delivery: Delivery): void {
    this.replay(this.listUpdates, delivery, (update) => {
      this.resources = update.resources.map((r) => ({ ...r }));
      return { kind: 'resource-list-updated', data: this.resources.map((r) => ({ ...r })) };
    });
  }

  subscribeResource(uri: string, delivery: Delivery): void {
    const forUri = this.contentUpdates.filter(({ step }) => step.uri === uri);
    this.replay(forUri, delivery, (update) => {
      this.contents.set(uri, update.content);
      const mimeType = this.resources.find((r) => r.uri === uri)?.mime_type;
      return {
        kind: 'resource-updated',
        data: { uri, ...(mimeType !== undefined ? { mime_type: mimeType } : {}), content: update.content },
      };
    });
  }

  stop(uuid: string): void {
    this.stopped.add(uuid);
  }

  snapshot(): ToolingSnapshot {
    const total = this.toolCalls.length;
    return {
      kind: 'tooling',
      name: this.name,
      tool_calls_total: total,
      tool_calls_consumed: this.cursor,
      tool_calls_remaining: total - this.cursor,
      calls: this.calls.map((call) => ({
        ...call,
        result: call.result && {
          content: call.result.content,
          structured_content: call.result.structured_content ?? null,
        },
      })),
    };
  }

  /** The next scripted call, checked to be for `name`. */
  private next(name: string): Gated<ScriptedCall> {
    const next = this.toolCalls[this.cursor];
    if (!next) throw new HostCallError(`mock tool calls exhausted at "${name}"`);
    if (next.step.name !== name) throw new HostCallError(`mock expected tool "${next.step.name}", got "${name}"`);
    return next;
  }

  /** Consumes the next scripted call, checking it is for `name`. */
  private take(name: string): Gated<ScriptedCall> {
    const next = this.next(name);
    this.cursor++;
    return next;
  }

  /** Answers a consumed step, recording the call for snapshots. */
  private answer(step: ScriptedCall, args: string): ToolResult {
    try {
      const result = this.result(step, args);
      const { content, structured_content } = result;
      this.calls.push({
        name: step.name,
        arguments: args,
        result: { content, ...(structured_content !== undefined ? { structured_content } : {}) },
      });
      return result;
    } catch (error) {
      this.calls.push({ name: step.name, arguments: args, result: null });
      throw error;
    }
  }

  private result(step: ScriptedCall, args: string): ToolResult {
    if (step.error !== undefined) throw new HostCallError(step.error);
    const content = JSON.stringify([{ type: 'text', text: step.result }]);
    const structured = step.structured_content !== undefined ? jsonText(step.structured_content) : undefined;
    return {
      name: step.name,
      arguments: args,
      content,
      ...(structured !== undefined ? { structured_content: structured } : {}),
    };
  }

  /** Delivers a subscription's steps in order, each once its gate opens; one cursor per subscription. */
  private replay<T extends { error?: string; pending?: boolean }>(
    steps: Gated<T>[],
    delivery: Delivery,
    apply: (step: T) => OmwEvent,
  ): void {
    let cursor = 0;
    this.env.injections.register({
      attempt: (): InjectionState => {
        if (!delivery.isOpen() || this.stopped.has(delivery.uuid)) return 'discard';
        while (cursor < steps.length) {
          const { step, gate } = steps[cursor]!;
          if (step.pending || !gate.open) return 'pending';
          delivery.deliver(step.error !== undefined ? { kind: 'error', data: step.error } : apply(step));
          cursor++;
        }
        return 'delivered';
      },
    });
  }
}
