import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { runMenuCommand } from './menu-commands.ts';
import { rememberSession } from './store/session-persistence.ts';
import { connect } from './store/workbench-store.ts';
import { chooseTransport } from './transport/choose-transport.ts';
import './styles.css';

connect(chooseTransport());
rememberSession();
window.brainbench?.onCommand(runMenuCommand);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
