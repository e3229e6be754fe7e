// Regenerates types/omw-brain.d.ts (npm run gen:types); test/types/omw-brain.test.ts fails when
// it is stale.
import { writeFileSync } from 'node:fs';
import { BRAIN_TYPES_FILE, brainTypesText } from './brain-types.ts';

writeFileSync(BRAIN_TYPES_FILE, await brainTypesText());
