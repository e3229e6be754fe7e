// The expressions of a workspace's debugger settings (`.brainbench/debugger.json`): breakpoint
// conditions, hit counts, logpoint messages and host-call conditions. The file comes with the
// folder, so in a workspace that is not trusted none of them runs (a Python logpoint runs Python);
// what the user types in the running workbench is the user's own and does.

import type { HeldItem } from '../../contract/views.ts';
import type { DebugSettings } from '../workbench/debug-settings-file.ts';
import { visibleText } from './visible-text.ts';

type SourceBreakpoint = DebugSettings['sourceBreakpoints'][string][number];
type CallBreakpoint = DebugSettings['callBreakpoints'][string][number];

const SOURCE_EXPRESSIONS = [
  ['condition', 'breakpoint condition'],
  ['hitCondition', 'hit count'],
  ['logMessage', 'logpoint'],
] as const;

const has = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

export const sourceKey = (file: string, b: SourceBreakpoint): string =>
  JSON.stringify(['source', file, b.line, b.condition ?? '', b.hitCondition ?? '', b.logMessage ?? '']);

export const callKey = (agent: string, b: CallBreakpoint): string =>
  JSON.stringify(['call', agent, b.op, b.condition ?? '']);

export const hasSourceExpression = (b: SourceBreakpoint): boolean => SOURCE_EXPRESSIONS.some(([key]) => has(b[key]));

/**
 * After the user set the breakpoints of one file (or agent): of the held ones there, only those
 * still given exactly as the settings file had them stay held.
 */
export function keepHeld(held: Set<string>, kind: 'source' | 'call', owner: string, given: readonly string[]): void {
  const still = new Set(given);
  for (const key of [...held]) {
    const [keyKind, keyOwner] = JSON.parse(key) as [string, string];
    if (keyKind === kind && keyOwner === owner && !still.has(key)) held.delete(key);
  }
}

/** The keys of every breakpoint the settings give an expression. */
export function expressionKeys(settings: DebugSettings): Set<string> {
  const keys = new Set<string>();
  for (const [file, breakpoints] of Object.entries(settings.sourceBreakpoints)) {
    for (const b of breakpoints) if (hasSourceExpression(b)) keys.add(sourceKey(file, b));
  }
  for (const [agent, breakpoints] of Object.entries(settings.callBreakpoints)) {
    for (const b of breakpoints) if (has(b.condition)) keys.add(callKey(agent, b));
  }
  return keys;
}

/** The banner's items for the held ones: each expression with its brain's file and line. */
export function heldExpressionItems(settings: DebugSettings, held: ReadonlySet<string>): HeldItem[] {
  const items: HeldItem[] = [];
  for (const [file, breakpoints] of Object.entries(settings.sourceBreakpoints)) {
    for (const b of breakpoints) {
      if (!held.has(sourceKey(file, b))) continue;
      for (const [key, subject] of SOURCE_EXPRESSIONS) {
        const text = b[key];
        if (has(text)) items.push({ kind: 'expression', subject, where: `${file}:${b.line}`, text: visibleText(text) });
      }
    }
  }
  for (const [agent, breakpoints] of Object.entries(settings.callBreakpoints)) {
    for (const b of breakpoints) {
      if (!has(b.condition) || !held.has(callKey(agent, b))) continue;
      const whose = agent === '*' ? 'every agent' : `agent "${agent}"`;
      items.push({
        kind: 'expression',
        subject: `condition on ${b.op} (${whose})`,
        where: '.brainbench/debugger.json',
        text: visibleText(b.condition),
      });
    }
  }
  return items;
}
