import { useState } from 'react';
import { BINARY_FIELDS, binaryContent, siblingMime } from './binary-content.ts';
import { BinaryView } from './BinaryView.tsx';
import { formatPath, pathKey, type PathStep } from './json-path.ts';
import { rawText, type SearchResult } from './value-search.ts';

/** Children listed before a "show more"; a 10,000-item array opens at once. */
const PAGE = 200;

interface TreeContext {
  search: SearchResult;
  matchKeys: Set<string>;
  onCopy: (text: string, what: string) => void;
}

interface NodeProps {
  name: PathStep | undefined;
  value: unknown;
  parent: unknown;
  path: PathStep[];
  context: TreeContext;
}

function Leaf({ name, value, parent, context }: Omit<NodeProps, 'path'>) {
  if (typeof value === 'string') {
    const mime = typeof name === 'string' && BINARY_FIELDS.has(name) ? siblingMime(parent) : undefined;
    const binary = binaryContent(value, mime);
    if (binary) return <BinaryView content={binary} onCopy={context.onCopy} />;
    return <span className="jt-string">&quot;{value}&quot;</span>;
  }
  return <span className={`jt-${value === null ? 'null' : typeof value}`}>{String(value)}</span>;
}

function TreeNode({ name, value, parent, path, context }: NodeProps) {
  const key = pathKey(path);
  const branch = value !== null && typeof value === 'object';
  const [toggled, setToggled] = useState<boolean | undefined>();
  const [shown, setShown] = useState(PAGE);
  const open = branch && (toggled ?? (context.search.open.has(key) || path.length < 1));
  const entries: [PathStep, unknown][] = branch
    ? Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value as object)
    : [];
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <div className="jt-node" role="treeitem" aria-expanded={branch ? open : undefined}>
      <div
        className={`jt-line ${context.matchKeys.has(key) ? 'jt-match' : ''}`}
        data-testid="tree-line"
        data-path={formatPath(path)}
      >
        {branch ? (
          <button className="jt-toggle" onClick={() => setToggled(!open)} aria-label={open ? 'fold' : 'unfold'}>
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="jt-toggle" />
        )}
        {name !== undefined ? <span className="jt-key">{typeof name === 'number' ? name : `${name}`}: </span> : null}
        {branch ? (
          <span className="jt-summary">
            {brackets[0]}
            {open ? '' : ` ${entries.length} ${Array.isArray(value) ? 'items' : 'keys'} `}
            {open ? '' : brackets[1]}
          </span>
        ) : (
          <Leaf name={name} value={value} parent={parent} context={context} />
        )}
        <span className="jt-actions">
          <button
            className="link"
            onClick={() => context.onCopy(rawText(value), formatPath(path))}
            data-testid="copy-value"
          >
            copy value
          </button>
          <button className="link" onClick={() => context.onCopy(formatPath(path), 'path')} data-testid="copy-path">
            copy path
          </button>
        </span>
      </div>
      {open ? (
        <div className="jt-children" role="group">
          {entries.slice(0, shown).map(([childName, child]) => (
            <TreeNode
              key={String(childName)}
              name={childName}
              value={child}
              parent={value}
              path={[...path, childName]}
              context={context}
            />
          ))}
          {entries.length > shown ? (
            <button className="link jt-more" onClick={() => setShown(shown + PAGE * 5)}>
              show {Math.min(PAGE * 5, entries.length - shown)} more of {entries.length - shown}
            </button>
          ) : null}
          <span className="jt-summary">{brackets[1]}</span>
        </div>
      ) : null}
    </div>
  );
}

/** A JSON value as a tree: folded below the top level, unfolded along every search match. */
export function JsonTree({
  value,
  search,
  onCopy,
}: {
  value: unknown;
  search: SearchResult;
  onCopy: (text: string, what: string) => void;
}) {
  const matchKeys = new Set(search.matches.map(pathKey));
  return (
    <div className="json-tree" role="tree" data-testid="json-tree">
      <TreeNode name={undefined} value={value} parent={undefined} path={[]} context={{ search, matchKeys, onCopy }} />
    </div>
  );
}
