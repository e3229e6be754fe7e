// Regenerates main/runtimes/python/omw.pyi, the type stub of a Python brain's `omw` global, from
// the WIT-generated tables (node --import tsx scripts/gen-omw-pyi.ts); a test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { renderOmwPyi } from '../main/host-api/omw-python-api.ts';

export const OMW_PYI_PATH = new URL('../main/runtimes/python/omw.pyi', import.meta.url);

writeFileSync(OMW_PYI_PATH, renderOmwPyi());
