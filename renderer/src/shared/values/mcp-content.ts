// MCP content blocks in a value (a tool's result, its `content` list, a resource's contents), so
// they show as content (text, images, audio, resources), as MCP Inspector shows them, not as JSON.

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string }
  | { type: 'resource_link'; uri: string; name?: string; mimeType?: string; description?: string };

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const mimeOf = (table: Table): string | undefined => text(table['mimeType']) ?? text(table['mime_type']);

function block(value: unknown): ContentBlock | undefined {
  if (!isTable(value)) return undefined;
  const type = value['type'];
  if (type === 'text' && text(value['text']) !== undefined) return { type, text: value['text'] as string };
  if ((type === 'image' || type === 'audio') && text(value['data']) !== undefined)
    return { type, data: value['data'] as string, mimeType: mimeOf(value) ?? 'application/octet-stream' };
  if (type === 'resource' && isTable(value['resource']) && text(value['resource']['uri']) !== undefined) {
    const resource = value['resource'];
    return {
      type,
      uri: resource['uri'] as string,
      ...(mimeOf(resource) !== undefined ? { mimeType: mimeOf(resource) } : {}),
      ...(text(resource['text']) !== undefined ? { text: resource['text'] as string } : {}),
      ...(text(resource['blob']) !== undefined ? { blob: resource['blob'] as string } : {}),
    };
  }
  if (type === 'resource_link' && text(value['uri']) !== undefined)
    return {
      type,
      uri: value['uri'] as string,
      ...(text(value['name']) !== undefined ? { name: value['name'] as string } : {}),
      ...(mimeOf(value) !== undefined ? { mimeType: mimeOf(value) } : {}),
      ...(text(value['description']) !== undefined ? { description: value['description'] as string } : {}),
    };
  return undefined;
}

/**
 * The content blocks of a parsed value: the value itself when it is a list of blocks, or its
 * `content` when that is (a tool's result); undefined when any item is not a block.
 */
export function contentBlocks(value: unknown): ContentBlock[] | undefined {
  const list = Array.isArray(value) ? value : isTable(value) ? value['content'] : undefined;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const blocks = list.map(block);
  return blocks.every((b) => b !== undefined) ? (blocks as ContentBlock[]) : undefined;
}
