import type Anthropic from '@anthropic-ai/sdk';

type Event = Anthropic.Messages.RawMessageStreamEvent;

/**
 * A whole message as the events a stream of it would carry. Some proxies answer a streamed
 * request with an ordinary JSON message; read this way, it reaches the brain as any answer does,
 * through the same mapping and checks. A tool call's input comes as one JSON fragment.
 */
export function messageAsEvents(message: Anthropic.Messages.Message): Event[] {
  const blocks = (message.content ?? []).flatMap((block, index): Event[] => {
    const start: Event = { type: 'content_block_start', index, content_block: block };
    if (block.type !== 'tool_use') return [start, { type: 'content_block_stop', index }];
    const input: Event = {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input ?? {}) },
    };
    return [start, input, { type: 'content_block_stop', index }];
  });
  return [
    { type: 'message_start', message: { ...message, content: [] } },
    ...blocks,
    {
      type: 'message_delta',
      delta: {
        // A whole message has finished, whether or not the server says why.
        stop_reason: message.stop_reason ?? 'end_turn',
        stop_sequence: message.stop_sequence ?? null,
        container: message.container ?? null,
        stop_details: message.stop_details ?? null,
      },
      usage: {
        input_tokens: message.usage?.input_tokens ?? null,
        output_tokens: message.usage?.output_tokens ?? 0,
        cache_creation_input_tokens: message.usage?.cache_creation_input_tokens ?? null,
        cache_read_input_tokens: message.usage?.cache_read_input_tokens ?? null,
        output_tokens_details: null,
        server_tool_use: message.usage?.server_tool_use ?? null,
      },
    },
    { type: 'message_stop' },
  ];
}
