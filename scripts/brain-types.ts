// The text of types/omw-brain.d.ts: the workbench editor's typings of the JavaScript `omw`
// global, with the header a user reads when pointing a tsconfig at the file, formatted as the
// repository formats its sources.

import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { OMW_JS_TYPES } from '../main/host-api/omw-js-types.ts';

export const BRAIN_TYPES_FILE = fileURLToPath(new URL('../types/omw-brain.d.ts', import.meta.url));

const HEADER = `// The \`omw\` global of JavaScript brains (omw-compat 11), as Brainbench's editor types it.
// Generated from wit/omw.wit by \`npm run gen:types\`; do not edit by hand.
//
// Use it from your own tsconfig.json, next to brains written in JavaScript (with "checkJs") or
// TypeScript: add this file to "files" (or "include"), set "lib": ["es2020"] and "types": [],
// and treat each brain as a module ("moduleDetection": "force") so that brains do not share names.

/* eslint-disable @typescript-eslint/no-explicit-any -- opaque JSON is whatever the brain finds in it */
`;

export async function brainTypesText(): Promise<string> {
  const options = await prettier.resolveConfig(BRAIN_TYPES_FILE);
  return prettier.format(`${HEADER}${OMW_JS_TYPES}`, { ...options, filepath: BRAIN_TYPES_FILE });
}
