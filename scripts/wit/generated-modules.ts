// The modules generated from wit/omw.wit, by path from the repository root.

import { parseWit } from './parse-wit.ts';
import { renderHostOps } from './render-host-ops.ts';
import { renderWitShapes } from './render-wit-shapes.ts';
import { renderWitTypes } from './render-wit-types.ts';

export function generatedModules(witSource: string): Record<string, string> {
  const pkg = parseWit(witSource);
  return {
    'main/host-api/wit-types.generated.ts': renderWitTypes(pkg),
    'main/host-api/wit-shapes.generated.ts': renderWitShapes(pkg),
    'main/host-api/host-ops.generated.ts': renderHostOps(pkg),
  };
}
