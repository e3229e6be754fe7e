import { useMemo, useState } from 'react';
import { contentBlocks } from '../../shared/values/mcp-content.ts';
import { McpContent } from '../../shared/values/McpContent.tsx';
import { parsedValue, rawText } from '../../shared/values/value-search.ts';
import { ValueViewer } from '../../shared/values/ValueViewer.tsx';

/**
 * A tool's result (JSON text from the host): its content blocks as content, its structured
 * content as JSON, JSON text inside it opened, and the whole in the value viewer a click away.
 */
export function ToolResult({ text, testId }: { text: string; testId: string }) {
  const parsed = useMemo(() => parsedValue(text), [text]);
  const [viewing, setViewing] = useState(false);
  const blocks = contentBlocks(parsed);
  const structured =
    parsed !== null && typeof parsed === 'object' && 'structured_content' in parsed
      ? (parsed as { structured_content: unknown }).structured_content
      : undefined;
  return (
    <div className="tool-result" data-testid={testId}>
      {blocks ? <McpContent blocks={blocks} /> : <pre>{rawText(parsed)}</pre>}
      {blocks && structured !== undefined && structured !== null ? (
        <>
          <div className="dim">structured content</div>
          <pre>{rawText(structured)}</pre>
        </>
      ) : null}
      <button type="button" className="link" onClick={() => setViewing(true)} data-testid="tool-result-open">
        open in the viewer (tree, raw)
      </button>
      {viewing ? <ValueViewer value={text} title="Tool result" onClose={() => setViewing(false)} /> : null}
    </div>
  );
}
