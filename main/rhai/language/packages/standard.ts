// Installs every standard package into a function table.

import type { FunctionTable } from '../func/functions.ts';
import { registerArray } from './array.ts';
import { registerBlob } from './blob.ts';
import { registerCore } from './core.ts';
import { definer } from './define.ts';
import { registerIteration } from './iteration.ts';
import { registerJson } from './json.ts';
import { registerMap } from './map.ts';
import { registerMath } from './math.ts';
import { registerString } from './string.ts';
import { registerTime } from './time.ts';

export function registerStandardPackages(table: FunctionTable): void {
  const def = definer(table);
  registerCore(def);
  registerMath(def);
  registerString(def);
  registerArray(def);
  registerMap(def);
  registerBlob(def);
  registerIteration(def);
  registerTime(def);
  registerJson(def);
}
