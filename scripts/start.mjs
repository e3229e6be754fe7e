// `npm start`: builds what is missing, then opens the example workspace in Electron, or in web
// mode (printing the URL, opening a browser when there is one) where Electron cannot run.
import { spawn } from 'node:child_process';
import { findElectronBinary } from './electron-binary.mjs';

await import('./build.mjs');

const workspace = process.argv[2] ?? 'examples/workspace';
const electron = findElectronBinary();
const [command, args] = electron.binary
  ? [electron.binary, ['dist/electron/main.mjs', workspace]]
  : [process.execPath, ['bin/brainbench.mjs', 'serve', workspace, '--open']];
if (!electron.binary) console.log(`Starting the workbench in web mode: ${electron.reason}.`);
const child = spawn(command, args, { stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
