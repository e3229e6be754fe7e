// Pause to highlighted line: from the moment the host reports an agent stopped at a line
// breakpoint to the frame in which the workbench, in Chromium, shows that line highlighted in the
// editor. Both ends are read on the Node clock (the page reports through a binding), so the figure
// includes the event's trip to the page, the store, Monaco's decoration and a paint.

import { startWorkbench } from '../../test/e2e/workbench-fixture.ts';
import { selectAgent, openInEditor } from '../../test/e2e/page-actions.ts';
import { median } from '../stats.ts';

const STOPS = 30;
// Two breakpoints the loop hits in turn: each stop moves the highlight to the other line.
const BRAIN = `let n = 0;
for i in 0..${STOPS} {
    n += i;
    n += 1;
}
n
`;

export async function pauseToHighlightedLine(): Promise<number> {
  const fx = await startWorkbench();
  try {
    const { page, workbench } = fx;
    await workbench.createAgent('paused', 'rhai');
    await workbench.writeFile('brains/paused.rhai', BRAIN, null);
    workbench.debugging.setSourceBreakpoints('brains/paused.rhai', [{ line: 3 }, { line: 4 }], null);

    let stoppedAt = 0;
    let shown: (ms: number) => void = () => {};
    workbench.subscribe((event) => {
      if (event.type === 'debug' && event.notification.type === 'stopped') stoppedAt = performance.now();
    });
    await page.exposeBinding('highlighted', () => shown(performance.now()));
    await page.goto(fx.server.url);
    await page.getByTestId('workbench').waitFor();
    await selectAgent(page, 'paused');
    await openInEditor(page, 'brains/paused.rhai');
    // In the page: each time the highlight is drawn on another line, report it in the next frame.
    await page.evaluate(() => {
      const scope = globalThis as unknown as {
        document: { querySelector(s: string): { getBoundingClientRect(): { top: number } } | null; body: unknown };
        MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
        requestAnimationFrame(f: () => void): void;
        highlighted(): void;
      };
      let drawnAt: number | undefined;
      new scope.MutationObserver(() => {
        const mark = scope.document.querySelector('.monaco-editor .view-overlays .debug-current-line');
        const top = mark?.getBoundingClientRect().top;
        if (top !== undefined && top !== drawnAt) scope.requestAnimationFrame(() => scope.highlighted());
        drawnAt = top;
      }).observe(scope.document.body, { childList: true, subtree: true, attributes: true });
    });

    const samples: number[] = [];
    const step = workbench.step('paused');
    for (let i = 0; i < STOPS; i++) {
      const highlighted = new Promise<number>((resolve) => (shown = resolve));
      if (i > 0) workbench.debugging.resume('paused', 'continue');
      const at = await highlighted;
      samples.push(at - stoppedAt);
    }
    workbench.debugging.setSourceBreakpoints('brains/paused.rhai', [], null);
    workbench.debugging.resume('paused', 'continue');
    await step;
    return median(samples);
  } finally {
    await fx.close();
  }
}
