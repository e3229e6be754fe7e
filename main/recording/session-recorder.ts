import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TappedCall } from '../host/host.ts';
import { realPathOf } from '../files/folder-boundary.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import type { BranchOrigin } from '../../contract/recording-views.ts';
import type { CallLine, DeliveredLine, EndLine, HeaderLine } from './recording-format.ts';
import { brainOnDisk, recordingHeader, type HeaderFacts } from './recording-header.ts';
import { valuesLineText } from '../agent-protocol/recorded-values.ts';
import { RecordingWriter, type RecordingCut, type WriterOptions } from './recording-writer.ts';

export interface RecordOptions extends Omit<HeaderFacts, 'workspace'>, WriterOptions {
  file: string;
  /** Only brains inside this folder are recorded with their text; by default the config file's folder. */
  workspace?: string;
  /** The recording is a branch of another one (its header says where from). */
  branch?: BranchOrigin;
  /** Brains to name in the header instead of the config's files as they are on disk now. */
  brains?: HeaderLine['brains'];
}

/** The real folder of a config file, where its workspace is when nobody says otherwise. */
function folderOf(configFile: string): string {
  const folder = dirname(resolve(configFile));
  return realPathOf(folder) ?? folder;
}

/**
 * Records a supervised session into a file as it happens: every host call (its agent processes
 * report the calls they answer themselves) and every trace event but the calls' `result`s, which
 * the call lines hold whole. Secrets are redacted as the trace redacts them.
 */
export class SessionRecorder {
  private readonly writer: RecordingWriter;
  /** The header in effect: a changed brain or config writes it again (a new header segment). */
  private header: HeaderLine;
  /** Per agent, its brain file as last seen (identity, size, mtime): a change is hashed again. */
  private readonly brainStamps = new Map<string, string>();
  /** Agents with an iteration in the current segment file. */
  private readonly iterated = new Set<string>();
  private readonly workspace: string;
  private readonly detach: () => void;
  /** Per agent: the iteration of its last call, and that call's position in it. */
  private readonly positions = new Map<string, { iteration: number; index: number }>();
  private readonly wholeTrace: boolean;

  constructor(
    private readonly supervisor: Supervisor,
    options: RecordOptions,
  ) {
    const { host } = supervisor;
    this.wholeTrace = options.mode === 'session';
    const redactor = host.trace.redactor;
    this.workspace = options.workspace ?? folderOf(options.configFile);
    for (const agent of Object.keys(host.config.agents)) this.brainStamps.set(agent, this.brainStamp(agent));
    const header: HeaderLine = {
      ...recordingHeader(host.config, redactor, { ...options, workspace: this.workspace }),
      ...(options.branch ? { branch: options.branch } : {}),
    };
    if (options.brains) header.brains = { ...header.brains, ...redactor.value(options.brains) };
    this.header = header;
    this.writer = new RecordingWriter(
      options.file,
      (segment) => JSON.stringify(segment > 1 ? { ...this.header, segment } : this.header),
      options,
    );
    const unsubscribe = host.trace.subscribe((event) => this.traced(event));
    host.callTap = (call) => this.called(call);
    host.deliveryTap = (agent, envelope) => this.delivered(agent, envelope);
    supervisor.reportLocalCalls(true);
    this.detach = () => {
      unsubscribe();
      if (host.callTap) host.callTap = undefined;
      if (host.deliveryTap) host.deliveryTap = undefined;
      supervisor.reportLocalCalls(false);
    };
  }

  get file(): string {
    return this.writer.file;
  }

  /** Why the recording is cut now (the disk refused a write), when it is. */
  get cut(): RecordingCut | undefined {
    return this.writer.cut;
  }

  /**
   * The config changed under the running session (a saved config rewired `restarted`): a new
   * header segment, with the config and brains as they are now. An agent that starts again counts
   * its iterations from 1 again, so when one of them has iterations here already the recording so
   * far becomes the older segment file (`<file>.1`) instead, and each number stays one iteration.
   * Adding or removing agents goes on in the same file, losing nothing.
   */
  startSegment(restarted: readonly string[]): void {
    const { host } = this.supervisor;
    for (const agent of Object.keys(host.config.agents)) this.brainStamps.set(agent, this.brainStamp(agent));
    this.header = {
      ...recordingHeader(host.config, host.trace.redactor, { ...this.header, workspace: this.workspace }),
      ...(this.header.branch ? { branch: this.header.branch } : {}),
    };
    if (restarted.some((agent) => this.iterated.has(agent))) {
      this.iterated.clear();
      this.writer.rotateNow();
    } else this.writer.restate();
  }

  /** Writes what is buffered now (the workbench opening the file while it grows). */
  flush(): void {
    this.writer.flush();
  }

  /**
   * Stops recording and closes the file with its `end` line; answers why the recording was cut,
   * when the disk refused it (the file then ends with its `cut` line instead).
   */
  close(): RecordingCut | undefined {
    this.detach();
    const end: EndLine = { kind: 'end', time: Date.now() };
    this.writer.line(JSON.stringify(end));
    this.writer.close();
    return this.writer.cut;
  }

  private traced(event: TraceEvent): void {
    // A delivery is its own `delivered` line, with the whole envelope. A call's answer is on its
    // call line; only the workbench's own session keeps the trace's `result` and `host-call`
    // events too, so that its timeline reads the same after a restart (docs/recordings.md).
    if (event.type === 'delivered') return;
    if ((event.type === 'result' || event.type === 'host-call') && !this.wholeTrace) return;
    // The agent reads its brain from disk as the iteration starts: a brain changed since is said first.
    if (event.type === 'iteration-start') {
      this.noteBrainChange(event.agent);
      this.iterated.add(event.agent);
    }
    this.writer.line(`{"kind":"trace","event":${JSON.stringify(event)}}`, event.type === 'iteration-start');
  }

  /** A brain whose file changed (its text, not only its time) starts a new header segment. */
  private noteBrainChange(agent: string): void {
    const stamp = this.brainStamp(agent);
    if (this.brainStamps.get(agent) === stamp) return;
    this.brainStamps.set(agent, stamp);
    const { host } = this.supervisor;
    if (!Object.hasOwn(host.config.agents, agent)) return;
    const brain = host.trace.redactor.value(brainOnDisk(host.config, agent, this.workspace));
    const recorded = Object.hasOwn(this.header.brains, agent) ? this.header.brains[agent] : undefined;
    if (recorded?.sha256 === brain.sha256 && recorded?.path === brain.path) return;
    this.header = { ...this.header, createdAt: Date.now(), brains: { ...this.header.brains, [agent]: brain } };
    this.writer.restate();
  }

  /** Cheap enough for every iteration start: one stat of the brain file. */
  private brainStamp(agent: string): string {
    const script = this.supervisor.host.config.agents[agent]?.script;
    if (script === undefined) return '';
    try {
      const stats = statSync(script);
      return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch {
      return 'unreadable';
    }
  }

  private delivered(agent: string, envelope: EventEnvelope): void {
    const redactor = this.supervisor.host.trace.redactor;
    const line: DeliveredLine = { kind: 'delivered', agent, time: Date.now(), envelope: redactor.value(envelope) };
    this.writer.line(JSON.stringify(line));
  }

  private called(call: TappedCall): void {
    const redactor = this.supervisor.host.trace.redactor;
    const last = this.positions.get(call.agent);
    const index = last && last.iteration === call.iteration ? last.index + 1 : 1;
    this.positions.set(call.agent, { iteration: call.iteration, index });
    const { outcome } = call;
    const line: Omit<CallLine, 'args' | 'value'> & { args: readonly unknown[]; value?: unknown } = {
      kind: 'call',
      agent: call.agent,
      iteration: call.iteration,
      index,
      op: call.op,
      args: redactor.value(call.args),
      ok: outcome.ok,
      ...(outcome.ok
        ? { value: redactor.value(outcome.value) }
        : { error: redactor.text(outcome.error), ...(outcome.fault ? { fault: true as const } : {}) }),
      ...(call.local ? { local: true as const } : {}),
      time: call.startedAt,
      durationMs: call.durationMs,
    };
    this.writer.line(valuesLineText(call.op, line));
  }
}
