// Try a tool as MCP Inspector does: its arguments as a form generated from its input schema, or
// as raw JSON (the two round-trip), checked against the schema as they change; each call goes
// into a history that shows its arguments, result, duration or error, and can be run again.

import { useEffect, useState } from 'react';
import type { BackendView, SchemaProblem, ToolingDescription } from '../../../../contract/views.ts';
import { duration } from '../../shared/trace/trace-text.ts';
import {
  fromRawText,
  initialArguments,
  problemsWithoutField,
  rawText,
  type JsonSchema,
} from '../../shared/forms/schema-form.ts';
import { callTool, clearHistory, useTools, type ToolCallRecord } from './tool-store.ts';
import { request } from '../../core/workbench-store.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { ToolResult } from './ToolResult.tsx';
import './tools.css';

const CHECK_AFTER_MS = 120;

/** The host's schema check of `args`, a moment after they last changed. */
function useSchemaProblems(tooling: string, tool: string, args: string | undefined): SchemaProblem[] {
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  useEffect(() => {
    if (args === undefined || !tool) return setProblems([]);
    let live = true;
    const timer = setTimeout(() => {
      request('checkToolArguments', tooling, tool, args)
        .then((found) => live && setProblems(found))
        .catch((error: Error) => live && setProblems([{ path: '', message: error.message }]));
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tooling, tool, args]);
  return problems;
}

function HistoryEntry({ call, onLoad, onRerun }: { call: ToolCallRecord; onLoad: () => void; onRerun: () => void }) {
  const [open, setOpen] = useState(false);
  const state = call.error !== undefined ? 'failed' : call.result !== undefined ? 'ok' : 'pending';
  return (
    <li className={`tool-call ${state}`} data-testid="tool-call" data-state={state}>
      <div className="tool-call-head" role="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <code>{call.tool}</code>
        <span className="mono tool-call-args" title={call.args}>
          {call.args.replace(/\s+/g, ' ')}
        </span>
        <span className="dur" data-testid="tool-call-duration">
          {call.durationMs !== undefined ? duration(call.durationMs) : 'calling…'}
        </span>
        <span className={state === 'failed' ? 'error-text' : 'ok-text'}>{state === 'pending' ? '' : state}</span>
        <button type="button" onClick={(e) => (e.stopPropagation(), onLoad())} title="Put these arguments in the form">
          Load
        </button>
        <button type="button" onClick={(e) => (e.stopPropagation(), onRerun())} data-testid="tool-call-rerun">
          Run again
        </button>
      </div>
      {open || call.error !== undefined ? (
        <div className="tool-call-detail">
          <div className="dim">arguments</div>
          <pre>{call.args}</pre>
          {call.error !== undefined ? (
            <div className="error-text" data-testid="tool-call-error">
              {call.error}
            </div>
          ) : null}
          {call.result !== undefined ? (
            <>
              <div className="dim">result</div>
              <ToolResult text={call.result} testId="tool-call-result" />
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function ToolTry({ backend, description }: { backend: BackendView; description: ToolingDescription }) {
  const [toolName, setToolName] = useState(description.tools[0]?.name ?? '');
  const tool = description.tools.find((t) => t.name === toolName);
  const schema = tool?.inputSchema as JsonSchema | undefined;
  const [value, setValue] = useState<Record<string, unknown>>(() => initialArguments(schema));
  const [raw, setRaw] = useState<string | undefined>();
  /** Bumped when the form must be built again from `value` (a raw edit, a loaded call). */
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<ToolCallRecord | undefined>();
  const history = useTools((s) => s.calls).filter((c) => c.tooling === backend.name);

  const rawParsed = raw === undefined ? undefined : fromRawText(raw);
  const rawProblem = rawParsed && 'problem' in rawParsed ? rawParsed.problem : undefined;
  const args = raw === undefined ? rawText(value) : rawProblem === undefined ? raw : undefined;
  const problems = useSchemaProblems(backend.name, toolName, args);
  const aboveForm = raw === undefined ? problemsWithoutField(problems, schema) : problems;

  const chooseTool = (name: string) => {
    setToolName(name);
    const next = description.tools.find((t) => t.name === name);
    setValue(initialArguments(next?.inputSchema as JsonSchema | undefined));
    setRaw(undefined);
    setFormKey((k) => k + 1);
  };
  const load = (text: string) => {
    const parsed = fromRawText(text);
    if ('value' in parsed) {
      setValue(parsed.value);
      setRaw(undefined);
      setFormKey((k) => k + 1);
    } else {
      setRaw(text);
    }
  };
  const toForm = () => {
    if (!rawParsed || !('value' in rawParsed)) return;
    setValue(rawParsed.value);
    setRaw(undefined);
    setFormKey((k) => k + 1);
  };
  const call = async (name: string, text: string) => {
    setBusy(true);
    setLast(await callTool(backend.name, name, text));
    setBusy(false);
  };

  return (
    <div className="tool-try" data-testid={`tool-try-${backend.name}`}>
      <div className="tool-try-bar">
        <select value={toolName} onChange={(e) => chooseTool(e.target.value)} aria-label="tool">
          {description.tools.map((t) => (
            <option key={t.name}>{t.name}</option>
          ))}
        </select>
        <div className="mode-switch" role="group" aria-label="arguments as">
          <button
            type="button"
            aria-pressed={raw === undefined}
            onClick={toForm}
            disabled={rawProblem !== undefined}
            data-testid="mode-form"
          >
            Form
          </button>
          <button
            type="button"
            aria-pressed={raw !== undefined}
            onClick={() => raw === undefined && setRaw(rawText(value))}
            data-testid="mode-json"
          >
            JSON
          </button>
        </div>
      </div>
      {raw === undefined ? (
        <SchemaForm
          key={`${toolName}:${formKey}`}
          schema={schema ?? {}}
          value={value}
          onChange={setValue}
          problems={problems}
        />
      ) : (
        <textarea
          className="mono tool-raw"
          rows={6}
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          aria-label="tool arguments (JSON)"
          aria-invalid={rawProblem !== undefined}
          data-testid="tool-raw"
        />
      )}
      {rawProblem !== undefined ? (
        <div className="error-text field-problem" data-testid="tool-arguments-problem">
          The arguments are {rawProblem.startsWith('not JSON') ? rawProblem : `not right: ${rawProblem}`}
        </div>
      ) : null}
      {aboveForm.length > 0 ? (
        <ul className="error-text field-problem" data-testid="tool-schema-problems">
          {aboveForm.map((p) => (
            <li key={`${p.path}:${p.message}`}>
              {p.path ? <code>{p.path}</code> : 'arguments'}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tool-try-bar">
        <button
          type="button"
          onClick={() => args !== undefined && void call(toolName, args)}
          disabled={!toolName || busy || args === undefined}
          data-testid="call-tool"
          title={
            backend.kind === 'mock'
              ? 'Shows the mock’s next scripted answer without using it up: agents still get it'
              : problems.length > 0
                ? 'Calls the tool on its server as it is, problems and all: see what the server says'
                : 'Calls the tool on its server'
          }
        >
          {busy ? 'Calling…' : 'Call'}
        </button>
        {last?.durationMs !== undefined ? <span className="dim">{duration(last.durationMs)}</span> : null}
      </div>
      {last?.error !== undefined ? (
        <div className="error-text" data-testid="tool-error">
          {last.error}
        </div>
      ) : null}
      {last?.result !== undefined ? <ToolResult text={last.result} testId="tool-result" /> : null}
      {history.length > 0 ? (
        <details className="tool-history" open data-testid="tool-history">
          <summary>
            History ({history.length}){' '}
            <button type="button" onClick={() => clearHistory(backend.name)}>
              Clear
            </button>
          </summary>
          <ol>
            {history.map((c) => (
              <HistoryEntry
                key={c.id}
                call={c}
                onLoad={() => {
                  if (c.tool !== toolName) setToolName(c.tool);
                  load(c.args);
                }}
                onRerun={() => void call(c.tool, c.args)}
              />
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
