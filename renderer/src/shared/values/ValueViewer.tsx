import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { binaryContent } from './binary-content.ts';
import { BinaryView } from './BinaryView.tsx';
import { copyText } from './copy-text.ts';
import { JsonTree } from './JsonTree.tsx';
import { useModal } from '../dialogs/use-modal.ts';
import { parsedValue, rawText, searchValue } from './value-search.ts';
import { contentBlocks } from './mcp-content.ts';
import { McpContent } from './McpContent.tsx';
import './values.css';

/**
 * The whole of a value: MCP content blocks as content, a searchable JSON tree with copy (JSON
 * text inside it opened as JSON), or its raw text, wrapped.
 */
export function ValueViewer({ value, title, onClose }: { value: unknown; title: string; onClose: () => void }) {
  const shown = useMemo(() => parsedValue(value), [value]);
  const blocks = useMemo(() => contentBlocks(shown), [shown]);
  const raw = useMemo(() => rawText(value), [value]);
  const binary = typeof value === 'string' ? binaryContent(value) : undefined;
  const [tab, setTab] = useState<'content' | 'tree' | 'raw'>(
    blocks ? 'content' : shown !== null && typeof shown === 'object' ? 'tree' : 'raw',
  );
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const search = useMemo(() => searchValue(shown, deferredQuery), [shown, deferredQuery]);
  const [status, setStatus] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);

  const box = useRef<HTMLDivElement>(null);
  // Opened over a dialog too (a value in the Fork dialog): Escape closes the viewer first.
  useModal(onClose, box);
  useEffect(() => searchBox.current?.focus(), []);

  const copy = (text: string, what: string) =>
    void copyText(text).then((ok) => setStatus(ok ? `copied ${what}` : 'the clipboard refused the copy'));

  return createPortal(
    // React bubbles events out of a portal to the opener's ancestors (a bus row, a tree item):
    // what happens in the viewer stays in it.
    <div
      className="value-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        // Stopped here, the key never reaches the modal stack's listener: the viewer, on top, closes.
        if (e.key === 'Escape') onClose();
      }}
    >
      <div
        ref={box}
        className="value-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="value-viewer"
      >
        <div className="value-viewer-head">
          <strong>{title}</strong>
          <span className="value-size">{raw.length.toLocaleString()} characters</span>
          <span className="value-tabs" role="tablist">
            {blocks ? (
              <button
                role="tab"
                aria-selected={tab === 'content'}
                onClick={() => setTab('content')}
                data-testid="value-tab-content"
              >
                Content
              </button>
            ) : null}
            <button
              role="tab"
              aria-selected={tab === 'tree'}
              onClick={() => setTab('tree')}
              data-testid="value-tab-tree"
            >
              Tree
            </button>
            <button role="tab" aria-selected={tab === 'raw'} onClick={() => setTab('raw')} data-testid="value-tab-raw">
              Raw
            </button>
          </span>
          <button onClick={() => copy(raw, 'the value')} data-testid="value-copy">
            Copy value
          </button>
          <button onClick={onClose} aria-label="close the value" data-testid="value-close">
            ×
          </button>
        </div>
        {tab === 'tree' ? (
          <div className="value-search">
            <input
              ref={searchBox}
              placeholder="search keys and values"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-label="search the value"
              data-testid="value-search"
            />
            <span data-testid="value-matches">
              {deferredQuery.trim()
                ? `${search.matches.length} ${search.matches.length === 1 ? 'match' : 'matches'}`
                : ''}
            </span>
          </div>
        ) : null}
        <div className="value-body">
          {binary ? <BinaryView content={binary} onCopy={copy} /> : null}
          {tab === 'content' && blocks ? (
            <McpContent blocks={blocks} />
          ) : tab === 'tree' ? (
            <JsonTree key={deferredQuery} value={shown} search={search} onCopy={copy} />
          ) : (
            <pre className="value-raw" data-testid="value-raw" tabIndex={0}>
              {raw}
            </pre>
          )}
        </div>
        <div className="value-status" role="status" data-testid="value-status">
          {status}
        </div>
      </div>
    </div>,
    document.body,
  );
}
