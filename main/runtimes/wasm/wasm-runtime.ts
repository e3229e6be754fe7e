// The `wasm` kind: a WebAssembly component exporting omw:omw/runtime is the brain.

import { existsSync } from 'node:fs';
import { installPath } from '../../files/install-root.ts';
import type { RuntimeDescriptor } from '../runtime-descriptor.ts';
import { wasmRuntimeParamsSchema } from './wasm-params.ts';

export const wasmRuntime: RuntimeDescriptor = {
  kind: 'wasm',
  title: 'wasm component',
  params: wasmRuntimeParamsSchema,
  brain: { format: 'component', extensions: ['.wasm'] },
  debugging: { level: 'host-calls' },
  template: {
    kind: 'copy',
    /** The hello component: it chats with the provider "llm". */
    file() {
      const file = installPath('guests', 'build', 'hello.wasm');
      if (!existsSync(file)) throw new Error(`the wasm template ${file} is missing: run \`npm run build\``);
      return file;
    },
  },
};
