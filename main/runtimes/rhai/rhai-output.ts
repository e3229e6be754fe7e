// Canonical values (wit-types.ts) to what a Rhai brain sees: object maps with snake_case keys.
// An absent WIT option is a key missing from the map, so reading it yields unit (omw-compat 10).

import type { RMap, Value } from '../../rhai/language/types/values.ts';
import { guestRecords } from '../guest-records.ts';
import { parseOpaqueJson } from './opaque-json.ts';

const records = guestRecords<Value>({
  key: (field) => field,
  record: (entries) => new Map(entries.filter((entry): entry is [string, Value] => entry[1] !== undefined)),
  // The payload key is there even for unit events, holding `()`.
  envelope: (id, kind, payload) =>
    new Map<string, Value>([
      ['id', id],
      ['kind', kind],
      ['payload', payload],
    ]),
  opaqueJson: parseOpaqueJson,
});

type ToRhai<T> = (value: T) => RMap;
type Records = typeof records;

export const chatResultForRhai = records.chatResult as ToRhai<Parameters<Records['chatResult']>[0]>;
export const toolForRhai = records.tool as ToRhai<Parameters<Records['tool']>[0]>;
export const toolResultForRhai = records.toolResult as ToRhai<Parameters<Records['toolResult']>[0]>;
export const resourceInfoForRhai = records.resourceInfo as ToRhai<Parameters<Records['resourceInfo']>[0]>;
export const resourceContentForRhai = records.resourceContent as ToRhai<Parameters<Records['resourceContent']>[0]>;
export const eventForRhai = records.event as ToRhai<Parameters<Records['event']>[0]>;
