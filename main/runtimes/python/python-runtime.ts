// The `python` kind (omw-compat 11b): Python brains on Pyodide.

import type { RuntimeDescriptor } from '../runtime-descriptor.ts';
import { interpretedRuntimeParamsSchema } from '../runtime-params.ts';
import { statementLines } from './python-statement-lines.ts';

export const pythonRuntime: RuntimeDescriptor = {
  kind: 'python',
  title: 'Python',
  params: interpretedRuntimeParamsSchema,
  brain: { format: 'script', extensions: ['.py'], editorLanguage: 'python' },
  debugging: { level: 'source', breakableLines: statementLines },
  template: {
    kind: 'text',
    text: (name) => `# ${name}: runs once per iteration. The global \`omw\` is the host API.
count = (omw.host.memory_get_as("count") or 0) + 1
omw.host.memory_set_as("count", count)
omw.host.log("info", f"${name} iteration {count}")
`,
  },
  check: async (script, filename) => (await import('./python-syntax-check.ts')).checkSyntax(script, filename),
};
