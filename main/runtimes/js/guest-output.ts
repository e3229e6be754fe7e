// Canonical (snake_case, wit-types.ts) values to the camelCase records a JavaScript brain sees.

import type {
  ChatResult,
  EventEnvelope,
  ResourceContent,
  ResourceInfo,
  Tool,
  ToolResult,
} from '../../host-api/wit-types.ts';
import { guestRecords } from '../guest-records.ts';
import type { JsChatResult, JsEvent, JsResourceContent, JsResourceInfo, JsTool, JsToolResult } from './js-shapes.ts';
import { parseOpaqueJson } from './opaque-json.ts';

const camelNames = new Map<string, string>();
const camelCase = (field: string): string => {
  let name = camelNames.get(field);
  if (name === undefined) {
    name = field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    camelNames.set(field, name);
  }
  return name;
};

const records = guestRecords<unknown>({
  key: camelCase,
  // An absent WIT option is an absent property, not a property holding `undefined`.
  record: (entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined)),
  envelope: (id, kind, payload) => ({ id, kind, payload: payload ?? null }),
  opaqueJson: parseOpaqueJson,
});

export const chatResultForGuest = records.chatResult as (result: ChatResult) => JsChatResult;
export const toolForGuest = records.tool as (tool: Tool) => JsTool;
export const toolResultForGuest = records.toolResult as (result: ToolResult) => JsToolResult;
export const resourceInfoForGuest = records.resourceInfo as (info: ResourceInfo) => JsResourceInfo;
export const resourceContentForGuest = records.resourceContent as (content: ResourceContent) => JsResourceContent;
export const eventForGuest = records.event as (envelope: EventEnvelope) => JsEvent;
