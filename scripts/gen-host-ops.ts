// Regenerates main/host-api/host-ops.generated.ts from wit/omw.wit (npm run gen:host-ops).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderHostOps } from '../main/host-api/render-host-ops.ts';

const root = new URL('../', import.meta.url);
const wit = readFileSync(new URL('wit/omw.wit', root), 'utf8');
writeFileSync(new URL('main/host-api/host-ops.generated.ts', root), renderHostOps(wit));
