// MCP results in omw's WIT shapes (omw-compat 2.1).

import type { CallToolResult, ReadResourceResult, Resource, Tool as McpTool } from '@modelcontextprotocol/client';

import { HostCallError } from '../../host-api/host-call-error.ts';
import type { ResourceContent, ResourceInfo, Tool, ToolResult } from '../../host-api/wit-types.generated.ts';

export function witTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: JSON.stringify(tool.inputSchema),
    ...(tool.outputSchema !== undefined ? { output_schema: JSON.stringify(tool.outputSchema) } : {}),
  };
}

export function witResourceInfo(resource: Resource): ResourceInfo {
  return {
    uri: resource.uri,
    name: resource.name,
    ...(resource.description !== undefined ? { description: resource.description } : {}),
    ...(resource.mimeType !== undefined ? { mime_type: resource.mimeType } : {}),
  };
}

/** Text contents as they are; binary contents stay the base64 the server sent, with their MIME type. */
export function witResourceContent(uri: string, result: ReadResourceResult): ResourceContent {
  const content = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!content) throw new HostCallError(`resource ${uri} has no contents`);
  const body = 'text' in content ? content.text : content.blob;
  return { uri, ...(content.mimeType !== undefined ? { mime_type: content.mimeType } : {}), content: String(body) };
}

/**
 * A tool's answer. `isError` is the tool reporting its own failure, which omw's result type can
 * only carry as the error string: the text of its content blocks.
 */
export function witToolResult(name: string, args: string, result: CallToolResult): ToolResult {
  if (result.isError) {
    const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    throw new HostCallError(text || `tool "${name}" failed`);
  }
  return {
    name,
    arguments: args,
    content: JSON.stringify(result.content),
    ...(result.structuredContent !== undefined ? { structured_content: JSON.stringify(result.structuredContent) } : {}),
  };
}
