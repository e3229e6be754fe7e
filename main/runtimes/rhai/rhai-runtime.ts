// The `rhai` kind (omw-compat 10): Rhai brains on Brainbench's own Rhai (main/rhai).

import type { RuntimeDescriptor } from '../runtime-descriptor.ts';
import { statementLines } from '../../rhai/language/debug/statement-lines.ts';
import { rhaiRuntimeParamsSchema } from './rhai-params.ts';

export const rhaiRuntime: RuntimeDescriptor = {
  kind: 'rhai',
  title: 'Rhai',
  params: rhaiRuntimeParamsSchema,
  brain: { format: 'script', extensions: ['.rhai'], editorLanguage: 'rhai' },
  debugging: { level: 'source', breakableLines: statementLines },
  template: {
    kind: 'text',
    text: (name) => `// ${name}: runs once per iteration. omw::host, omw::provider and omw::tooling are the host API.
let count = omw::host::memory_get("count") ?? "0";
let next = parse_int(count) + 1;
omw::host::memory_set("count", next.to_string());
omw::host::log("info", \`${name} iteration \${next}\`);
`,
  },
};
