import './debug.css';
import { BreakpointsPane } from './BreakpointsPane.tsx';
import { CallStackPane } from './CallStackPane.tsx';
import { DebugOutput } from './DebugOutput.tsx';
import { DebugToolbar } from './DebugToolbar.tsx';
import { VariablesPane } from './VariablesPane.tsx';
import { WatchPane } from './WatchPane.tsx';
import { PastProbePane } from './PastProbePane.tsx';

/** The debugger's column: the toolbar, then the panes VS Code users know. */
export function DebugSidebar() {
  return (
    <section className="panel debug-sidebar" aria-label="Debugger">
      <h2>Debug</h2>
      <DebugToolbar />
      <CallStackPane />
      <VariablesPane />
      <WatchPane />
      <PastProbePane />
      <BreakpointsPane />
      <DebugOutput />
    </section>
  );
}
