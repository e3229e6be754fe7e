// Regenerates the modules derived from wit/omw.wit (npm run gen:wit): the TypeScript types of the
// world, their shapes as data, and the host-op table.
import { readFileSync, writeFileSync } from 'node:fs';
import { generatedModules } from './wit/generated-modules.ts';

const root = new URL('../', import.meta.url);
const wit = readFileSync(new URL('wit/omw.wit', root), 'utf8');
for (const [path, text] of Object.entries(generatedModules(wit))) writeFileSync(new URL(path, root), text);
