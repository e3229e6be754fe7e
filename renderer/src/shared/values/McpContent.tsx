import type { ContentBlock } from './mcp-content.ts';

/** Only these are drawn from a data URL; anything else is named with its size. */
const DRAWN_IMAGES = /^image\/(png|jpeg|gif|webp)$/;
const PLAYED_AUDIO = /^audio\/(wav|x-wav|mpeg|ogg|webm)$/;

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <pre className="mcp-text">{block.text}</pre>;
    case 'image':
      return DRAWN_IMAGES.test(block.mimeType) ? (
        <img
          className="mcp-image"
          src={`data:${block.mimeType};base64,${block.data}`}
          alt={`image (${block.mimeType})`}
        />
      ) : (
        <span className="dim">
          image {block.mimeType}, {block.data.length.toLocaleString()} base64 characters
        </span>
      );
    case 'audio':
      return PLAYED_AUDIO.test(block.mimeType) ? (
        <audio controls src={`data:${block.mimeType};base64,${block.data}`} aria-label={`audio (${block.mimeType})`} />
      ) : (
        <span className="dim">
          audio {block.mimeType}, {block.data.length.toLocaleString()} base64 characters
        </span>
      );
    case 'resource':
      return (
        <div>
          <code>{block.uri}</code> {block.mimeType ? <span className="dim">{block.mimeType}</span> : null}
          {block.text !== undefined ? <pre className="mcp-text">{block.text}</pre> : null}
          {block.blob !== undefined ? (
            <span className="dim"> blob, {block.blob.length.toLocaleString()} base64 characters</span>
          ) : null}
        </div>
      );
    case 'resource_link':
      return (
        <div>
          link <code>{block.uri}</code>
          {block.name ? ` ${block.name}` : ''}
          {block.mimeType ? <span className="dim"> {block.mimeType}</span> : null}
          {block.description ? <div className="dim">{block.description}</div> : null}
        </div>
      );
  }
}

/** MCP content blocks as content, each with its type, as MCP Inspector shows a tool's result. */
export function McpContent({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <ol className="mcp-content" data-testid="mcp-content">
      {blocks.map((block, i) => (
        <li key={i} className="mcp-block" data-testid="mcp-block" data-type={block.type}>
          <span className="badge">{block.type}</span>
          <Block block={block} />
        </li>
      ))}
    </ol>
  );
}
