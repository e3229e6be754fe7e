import { traceLog, type ChatStream } from '../../shared/trace/trace-log.ts';
import { clock, compactJson } from '../../shared/trace/trace-text.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { ValueText } from '../../shared/values/ValueText.tsx';
import { ChatTranscript } from './ChatTranscript.tsx';

function StreamCard({ chat }: { chat: ChatStream }) {
  const state = chat.closed ?? 'open';
  const { reply } = chat;
  return (
    <article
      className={`chat-stream state-${state}`}
      data-testid="chat-stream"
      data-state={state}
      data-kind={chat.blocking ? 'blocking' : 'stream'}
    >
      <header>
        <span className="badge">{state}</span>{' '}
        {chat.blocking ? <span className="badge">blocking chat</span> : <code>{chat.uuid.slice(0, 8)}</code>} ·{' '}
        {chat.agent} · {clock(chat.openedAt)}
        {chat.blocking ? '' : ` · ${chat.deltas} deltas`}
      </header>
      <ChatTranscript detail={chat.detail} agent={chat.agent} />
      <div className="chat-reply-role" data-testid="chat-reply">
        <span className="chat-role">assistant</span>
        <span className="dim">{state === 'open' ? 'answering…' : 'the reply'}</span>
      </div>
      {reply.reasoning ? (
        <div className="reasoning" data-testid="chat-reasoning">
          {reply.reasoning}
        </div>
      ) : null}
      <div className="content" data-testid="chat-content">
        {reply.content}
        {state === 'open' ? <span className="cursor">▍</span> : null}
      </div>
      {reply.tool_calls.map((call) => (
        <div key={call.id} className="tool-call">
          tool call <code>{call.name}</code>(
          <ValueText value={call.arguments} title={`Arguments of ${call.name}`} />)
        </div>
      ))}
      <footer>
        {reply.finish_reason ? <span>finish: {reply.finish_reason}</span> : null}
        {reply.usage ? <span> · usage {compactJson(reply.usage)}</span> : null}
        {chat.error ? <span className="error-text"> · {chat.error}</span> : null}
      </footer>
    </article>
  );
}

/** Open and recent chat streams of the selected agent, deltas appearing as they arrive. */
export function ChatPanel() {
  useWorkbench((s) => s.traceVersion);
  const agent = useWorkbench((s) => s.selectedAgent);
  const chats = [...traceLog.chats.values()].filter((c) => c.agent === agent);
  const open = chats.filter((c) => !c.closed);
  const recent = chats
    .filter((c) => c.closed)
    .slice(-20)
    .reverse();
  if (chats.length === 0) {
    return (
      <div className="empty">
        No chat calls from {agent ?? 'this agent'} yet. A brain streams one with chat_stream / chatStream, or waits for
        a whole answer with chat.
      </div>
    );
  }
  return (
    <div className="chats" data-testid="chat-panel">
      {[...open, ...recent].map((chat) => (
        <StreamCard key={chat.uuid} chat={chat} />
      ))}
    </div>
  );
}
