import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { runMenuCommand } from './app/menu-commands.ts';
import { rememberSession } from './core/session-persistence.ts';
import { connect } from './core/workbench-store.ts';
import { chooseTransport } from './transport/choose-transport.ts';
import './app/styles.css';

connect(chooseTransport());
rememberSession();
window.brainbench?.onCommand(runMenuCommand);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
