// Changes the workbench makes to a config on the user's behalf, made as small text edits so that
// comments, order and layout survive: TOML gets lines appended or one value replaced; YAML and
// JSON go through the yaml library's document model, which keeps comments.

import { parseDocument } from 'yaml';
import type { NewAgentKind } from '../../contract/views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { formatFromExtension } from '../config/config-format.ts';
import { agentConfigToml, runtimeOfKind } from './agent-templates.ts';

export function addAgentToConfig(
  file: string,
  text: string,
  config: OmwConfig,
  name: string,
  kind: NewAgentKind,
  script: string,
): string {
  if (formatFromExtension(file) === 'toml') {
    return text.replace(/\n*$/, '\n') + agentConfigToml(config, name, kind, script);
  }
  const document = parseDocument(text);
  let runtime = runtimeOfKind(config, kind);
  if (!runtime) {
    runtime = config.runtime[kind] ? `${kind}-runtime` : kind;
    document.setIn(['runtime', runtime], { kind });
  }
  document.setIn(['agents', name], { runtime, script });
  return serialize(file, document);
}

export function setAgentScript(file: string, text: string, agent: string, script: string): string {
  if (formatFromExtension(file) === 'toml') return setTomlAgentScript(text, agent, script);
  const document = parseDocument(text);
  document.setIn(['agents', agent, 'script'], script);
  return serialize(file, document);
}

function serialize(file: string, document: ReturnType<typeof parseDocument>): string {
  if (formatFromExtension(file) === 'json') return `${JSON.stringify(document.toJSON(), null, 2)}\n`;
  return document.toString();
}

/** Replaces `script = ...` inside `[agents.<agent>]`, or adds the key when the table has none. */
function setTomlAgentScript(text: string, agent: string, script: string): string {
  const lines = text.split('\n');
  const header = new RegExp(`^\\s*\\[\\s*agents\\.(?:"${escapeRegExp(agent)}"|${escapeRegExp(agent)})\\s*\\]`);
  const start = lines.findIndex((line) => header.test(line));
  if (start < 0) throw new Error(`the config has no [agents.${agent}] table to edit; change its script by hand`);
  let end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
  if (end < 0) end = lines.length;
  const value = `script = ${JSON.stringify(script)}`;
  for (let i = start + 1; i < end; i++) {
    if (/^\s*script\s*=/.test(lines[i]!)) {
      lines[i] = value;
      return lines.join('\n');
    }
  }
  lines.splice(start + 1, 0, value);
  return lines.join('\n');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
