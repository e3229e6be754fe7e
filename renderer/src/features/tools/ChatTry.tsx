// Try a chat with a provider from the Backends panel, as the tools have Try: a system prompt, a
// user message and a model; the reply as a brain's blocking `chat` gets it (content, reasoning,
// tool calls, finish reason, usage), or where it failed. A mock answers with its next turn
// without using it up, so agents observe the same as before the try.

import { useState } from 'react';
import type { BackendView, ChatTryView } from '../../../../contract/views.ts';
import { request } from '../../core/workbench-store.ts';
import { duration } from '../../shared/trace/trace-text.ts';
import './tools.css';

function Reply({ tried }: { tried: ChatTryView }) {
  const { reply, error } = tried;
  return (
    <div className="chat-try-reply" data-testid="chat-try-reply" data-state={error === undefined ? 'ok' : 'failed'}>
      <div className="dim">
        assistant · {duration(tried.durationMs)}
        {reply.finishReason ? ` · finish: ${reply.finishReason}` : ''}
        {reply.usage
          ? ` · tokens: ${reply.usage.prompt_tokens ?? '?'} in, ${reply.usage.completion_tokens ?? '?'} out`
          : ''}
      </div>
      {reply.reasoning ? (
        <div className="chat-try-reasoning" data-testid="chat-try-reasoning">
          <span className="dim">reasoning</span> {reply.reasoning}
        </div>
      ) : null}
      {reply.content ? <pre data-testid="chat-try-content">{reply.content}</pre> : null}
      {reply.toolCalls.map((call) => (
        <div key={call.id} className="mono" data-testid="chat-try-tool-call">
          tool call <code>{call.name}</code>({call.arguments})
        </div>
      ))}
      {error !== undefined ? (
        <div className="error-text" data-testid="chat-try-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function ChatTry({ backend }: { backend: BackendView }) {
  const [model, setModel] = useState(backend.kind === 'mock' ? 'mock-model' : '');
  const [system, setSystem] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState<ChatTryView | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const ready = model.trim() !== '' && message.trim() !== '' && !sending;
  const send = async () => {
    if (!ready) return;
    setSending(true);
    setFailure(undefined);
    const messages = [
      ...(system.trim() ? [{ role: 'system' as const, content: system }] : []),
      { role: 'user' as const, content: message },
    ];
    try {
      setTried(await request('tryChat', backend.name, model.trim(), messages));
    } catch (error) {
      setFailure((error as Error).message);
    }
    setSending(false);
  };
  return (
    <form
      className="tool-try chat-try"
      data-testid={`chat-try-${backend.name}`}
      onSubmit={(e) => (e.preventDefault(), void send())}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
        e.preventDefault();
        void send();
      }}
    >
      <label>
        model
        <input value={model} onChange={(e) => setModel(e.target.value)} data-testid="chat-try-model" />
      </label>
      <label>
        system (optional)
        <textarea rows={2} value={system} onChange={(e) => setSystem(e.target.value)} data-testid="chat-try-system" />
      </label>
      <label>
        user
        <textarea
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="chat-try-message"
        />
      </label>
      <div className="tool-try-bar">
        <button type="submit" disabled={!ready} title="Send (Ctrl/Cmd+Enter)" data-testid="chat-try-send">
          {sending ? 'Waiting for the reply…' : 'Send'}
        </button>
        {backend.kind === 'mock' ? (
          <span className="dim">The mock answers with its next turn; the agents still get it.</span>
        ) : null}
      </div>
      {failure !== undefined ? <div className="error-text">{failure}</div> : null}
      {tried ? <Reply tried={tried} /> : null}
    </form>
  );
}
