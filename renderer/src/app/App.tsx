import { useEffect } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { AgentsPanel } from '../features/agents/AgentsPanel.tsx';
import { BottomPanel } from './BottomPanel.tsx';
import { DebugSidebar } from '../features/debug/DebugSidebar.tsx';
import { EditorArea } from '../features/editor/EditorArea.tsx';
import { FileTree } from '../features/editor/FileTree.tsx';
import { Notices } from './Notices.tsx';
import { RecordingDialogs } from '../features/recordings/RecordingDialogs.tsx';
import { RecordingScreen } from '../features/recordings/RecordingScreen.tsx';
import { StatusBar } from './StatusBar.tsx';
import { Toolbar } from './Toolbar.tsx';
import { TrustBanner } from '../features/trust/TrustBanner.tsx';
import { handleShortcut } from './shortcuts.ts';
import { useWorkbench } from '../core/workbench-store.ts';
import { useRecordings } from '../features/recordings/recording-store.ts';
import { setLayout, useUi } from '../core/ui-store.ts';
import { applyColorScheme, useColorScheme } from './use-color-scheme.ts';
import { CommandPalette } from '../features/commands/CommandPalette.tsx';
import { AddCaseDialog } from '../features/evals/AddCaseDialog.tsx';
import { EvalsScreen } from '../features/evals/EvalsScreen.tsx';
import { CorpusScreen } from '../features/counterfactuals/CorpusScreen.tsx';
import { useCounterfactuals } from '../features/counterfactuals/counterfactual-store.ts';
import { useEvals } from '../features/evals/eval-store.ts';
import { ShortcutReference } from '../features/commands/ShortcutReference.tsx';

/** A split's remembered sizes, and the callback that remembers the user's changes to them. */
function useRememberedLayout(id: string) {
  const defaultLayout = useUi((s) => s.layouts[id]);
  return {
    id,
    defaultLayout,
    onLayoutChanged: (layout: Record<string, number>, meta: { isUserInteraction: boolean }) => {
      if (meta.isUserInteraction) setLayout(id, layout);
    },
  };
}

export function App() {
  const workspace = useWorkbench((s) => s.workspace);
  const connected = useWorkbench((s) => s.connected);
  // A recording opened offline (or a comparison) takes the editor's and bottom panels' place.
  const recordingShown = useRecordings(
    (s) => s.opened !== undefined || s.opening !== undefined || s.comparison !== undefined,
  );
  const split = useCounterfactuals((s) => s.split !== undefined);
  const recording = recordingShown || split;
  // The Evals view takes the same place, under a recording opened from one of its cells.
  // The Corpus replay view too, under a recording opened from one of its results.
  const corpus = useCounterfactuals((s) => s.corpusShown) && !recording;
  const evals = useEvals((s) => s.shown) && !recording && !corpus;
  const overlay = useUi((s) => s.overlay);
  const scheme = useColorScheme();
  const mainSplit = useRememberedLayout('main-split');
  const contentSplit = useRememberedLayout('content-split');
  useEffect(() => applyColorScheme(scheme), [scheme]);
  useEffect(() => {
    // Capture: the debugger's keys reach us before the editor, which has its own F8.
    window.addEventListener('keydown', handleShortcut, true);
    return () => window.removeEventListener('keydown', handleShortcut, true);
  }, []);
  useEffect(() => {
    // Unsaved buffers: leaving the page asks first.
    const guard = (event: BeforeUnloadEvent) => {
      const files = Object.values(useWorkbench.getState().files);
      if (files.some((f) => f.text !== f.saved)) event.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);

  if (!workspace) {
    return (
      <div className="app loading" data-testid="loading">
        {connected ? 'Opening the workspace…' : 'Connecting to Brainbench…'}
      </div>
    );
  }
  return (
    <div className="app" data-testid="workbench">
      <Toolbar />
      <TrustBanner />
      <Group orientation="horizontal" className="main-split" {...mainSplit}>
        <Panel defaultSize="22%" minSize="12%" id="sidebar">
          <div className="sidebar">
            <AgentsPanel />
            <FileTree />
          </div>
        </Panel>
        <Separator className="separator vertical" />
        <Panel minSize="30%" id="content">
          {recording ? <RecordingScreen /> : null}
          {evals ? <EvalsScreen /> : null}
          {corpus ? <CorpusScreen /> : null}
          <Group
            style={recording || evals || corpus ? { display: 'none' } : undefined}
            orientation="vertical"
            {...contentSplit}
          >
            <Panel defaultSize="55%" minSize="15%" id="editor">
              <EditorArea />
            </Panel>
            <Separator className="separator horizontal" />
            <Panel defaultSize="45%" minSize="10%" id="bottom">
              <BottomPanel />
            </Panel>
          </Group>
        </Panel>
        <Separator className="separator vertical" />
        <Panel defaultSize="24%" minSize="12%" id="debug">
          <DebugSidebar />
        </Panel>
      </Group>
      <StatusBar />
      <RecordingDialogs />
      <AddCaseDialog />
      {overlay === 'palette' ? <CommandPalette /> : null}
      {overlay === 'shortcuts' ? <ShortcutReference /> : null}
      <Notices />
    </div>
  );
}
