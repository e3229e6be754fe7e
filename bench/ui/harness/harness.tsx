// Benchmark harness: the workbench's real panels and stores, fed by a synthetic trace at a
// controlled rate, so the renderer's own cost can be measured in Chromium (bench/ui/ui-benchmarks.ts).

import { createRoot } from 'react-dom/client';
import type { WorkspaceView } from '../../../contract/views.ts';
import type { TraceEvent } from '../../../main/trace/trace-event.ts';
import { BusInspector } from '../../../renderer/src/features/bus/BusInspector.tsx';
import { ChatPanel } from '../../../renderer/src/features/chat/ChatPanel.tsx';
import { traceLog } from '../../../renderer/src/shared/trace/trace-log.ts';
import { useWorkbench } from '../../../renderer/src/core/workbench-store.ts';
import '../../../renderer/src/app/styles.css';

const AGENTS = Array.from({ length: 8 }, (_, i) => `agent-${i}`);
const scenario = new URLSearchParams(location.search).get('scenario') ?? 'bus';
let seq = 0;

const workspace = {
  root: '/bench',
  config: 'omw.toml',
  agents: AGENTS.map((name) => ({
    name,
    runtime: 'js',
    runtimeKind: 'js',
    script: `${name}.js`,
    breakpoints: [],
    status: { agent: name, runtimeKind: 'js', state: 'running', mode: 'loop', iteration: 1 },
  })),
  allBreakpoints: [],
  files: [],
  providers: [],
  tooling: [],
} as WorkspaceView;
useWorkbench.setState({ workspace, selectedAgent: AGENTS[0], connected: true });

const base = (agent: string) => ({ seq: ++seq, time: Date.now(), agent, iteration: 1 });

// Each agent listens to the next one, so messages have agent sources as on a real bus.
traceLog.add(
  AGENTS.map(
    (agent, i) =>
      ({
        ...base(agent),
        type: 'call',
        op: 'subscribe_agent',
        uuid: `sub-${i}`,
        detail: { agent: AGENTS[(i + 1) % AGENTS.length]! },
      }) as TraceEvent,
  ),
);

function messages(n: number): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let i = 0; i < n; i++) {
    const k = seq % AGENTS.length;
    out.push({
      ...base(AGENTS[k]!),
      type: 'inbound',
      id: `sub-${k}`,
      event: { kind: 'message', data: `{"n":${seq},"text":"payload ${seq % 977} for ${AGENTS[k]}"}` },
    });
  }
  return out;
}

function publish(events: TraceEvent[]): void {
  traceLog.add(events);
  useWorkbench.setState((s) => ({ traceVersion: s.traceVersion + 1 }));
}

let feed: ReturnType<typeof setInterval> | undefined;

/** Publishes `make(n)` every 16 ms, `n` keeping the average at `perSecond`. */
function feedAt(perSecond: number, make: (n: number) => TraceEvent[]): void {
  let last = performance.now();
  let owed = 0;
  feed = setInterval(() => {
    const now = performance.now();
    owed += ((now - last) / 1000) * perSecond;
    last = now;
    const n = Math.floor(owed);
    owed -= n;
    if (n > 0) publish(make(n));
  }, 16);
}

const bench = {
  fill(n: number): number {
    for (let done = 0; done < n; done += 10_000) traceLog.add(messages(Math.min(10_000, n - done)));
    publish([]);
    return traceLog.bus.length;
  },
  /** New events at `perSecond`, published in 16 ms batches as the host's batcher does. */
  startMessages(perSecond: number): void {
    feedAt(perSecond, messages);
  },
  startChat(deltasPerSecond: number): void {
    publish([
      {
        ...base(AGENTS[0]!),
        type: 'call',
        op: 'chat_stream',
        uuid: 'chat-1',
        detail: { provider: 'bench', model: 'm' },
      } as TraceEvent,
    ]);
    feedAt(deltasPerSecond, (n) =>
      Array.from({ length: n }, (): TraceEvent => ({
        ...base(AGENTS[0]!),
        type: 'inbound',
        id: 'chat-1',
        event: { kind: 'chat-delta', data: { content: `tok${seq % 10} ` } },
      })),
    );
  },
  stop(): void {
    clearInterval(feed);
  },
  /** Frame intervals over `ms`, optionally scrolling `selector` every frame. */
  frames(ms: number, scrollSelector?: string): Promise<number[]> {
    const scroller = scrollSelector ? document.querySelector(scrollSelector) : null;
    return new Promise((resolve) => {
      const intervals: number[] = [];
      const start = performance.now();
      let previous = start;
      const tick = (now: number) => {
        intervals.push(now - previous);
        previous = now;
        if (scroller)
          scroller.scrollTop = (scroller.scrollTop + 60) % Math.max(1, scroller.scrollHeight - scroller.clientHeight);
        if (now - start < ms) requestAnimationFrame(tick);
        else resolve(intervals.slice(1));
      };
      requestAnimationFrame(tick);
    });
  },
  /** Milliseconds from typing a filter to the table showing its result, painted. */
  filter(text: string): Promise<number> {
    const input = document.querySelector<HTMLInputElement>('[data-testid="bus-filter"]')!;
    const count = document.querySelector('[data-testid="bus-count"]')!;
    const before = count.textContent;
    return new Promise((resolve) => {
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (count.textContent === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - started));
      });
      observer.observe(count, { childList: true, subtree: true, characterData: true });
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  },
  chatLength(): number {
    return document.querySelector('[data-testid="chat-content"]')?.textContent?.length ?? 0;
  },
  deltasSeen(): number {
    return traceLog.chats.get('chat-1')?.deltas ?? 0;
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
createRoot(document.getElementById('root')!).render(scenario === 'chat' ? <ChatPanel /> : <BusInspector />);
