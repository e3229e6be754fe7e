// The `js` kind (omw-compat 11): JavaScript brains on QuickJS.

import type { RuntimeDescriptor } from '../runtime-descriptor.ts';
import { breakableLines } from './debug/instrument.ts';
import { interpretedRuntimeParamsSchema } from '../runtime-params.ts';

export const jsRuntime: RuntimeDescriptor = {
  kind: 'js',
  title: 'JavaScript',
  params: interpretedRuntimeParamsSchema,
  brain: { format: 'script', extensions: ['.js', '.mjs'], editorLanguage: 'javascript' },
  debugging: { level: 'source', breakableLines, attachesAtIterationStart: true },
  template: {
    kind: 'text',
    text: (name) => `// ${name}: runs once per iteration. The global \`omw\` is the host API.
const count = (omw.host.memoryGetAs('count') ?? 0) + 1;
omw.host.memorySetAs('count', count);
omw.host.log('info', \`${name} iteration \${count}\`);
`,
  },
  check: async (script, filename) => (await import('./js-syntax-check.ts')).checkSyntax(script, filename),
};
