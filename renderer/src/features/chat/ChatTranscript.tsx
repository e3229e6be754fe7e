import { useRef, useState } from 'react';
import { ValueText } from '../../shared/values/ValueText.tsx';
import { ValueViewer } from '../../shared/values/ValueViewer.tsx';
import { chatTranscript, type TranscriptMessage } from './chat-transcript.ts';

function Message({ message }: { message: TranscriptMessage }) {
  return (
    <li className={`chat-message role-${message.role}`} data-testid="chat-message" data-role={message.role}>
      <span className="chat-role">{message.role}</span>
      <div className="chat-message-body">
        {message.reasoning ? <div className="reasoning">{message.reasoning}</div> : null}
        {message.content ? <div className="chat-message-text">{message.content}</div> : null}
        {message.toolCall ? (
          <div className="tool-call" data-testid="chat-message-tool-call">
            {message.role === 'tool' ? 'result of ' : 'tool call '}
            <code>{message.toolCall.name}</code>
            {message.role === 'tool' ? (
              message.toolCall.id ? (
                <span className="dim"> ({message.toolCall.id})</span>
              ) : null
            ) : (
              <>
                (<ValueText value={message.toolCall.arguments} title={`Arguments of ${message.toolCall.name}`} />)
              </>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The request of a chat call as a conversation with roles, the model's tools named, and the raw
 * request one click away.
 */
export function ChatTranscript({ detail, agent }: { detail: unknown; agent: string }) {
  const transcript = chatTranscript(detail);
  const [raw, setRaw] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setRaw(false);
    opener.current?.focus();
  };
  return (
    <div className="chat-transcript" data-testid="chat-transcript">
      <div className="chat-transcript-head">
        {transcript.provider ? <span>{transcript.provider}</span> : null}
        {transcript.model ? <code>{transcript.model}</code> : null}
        <span>
          {transcript.messages.length} {transcript.messages.length === 1 ? 'message' : 'messages'}
        </span>
        {transcript.tools.length > 0 ? (
          <span title={transcript.tools.join(', ')}>
            tools: {transcript.tools.slice(0, 5).join(', ')}
            {transcript.tools.length > 5 ? ` and ${transcript.tools.length - 5} more` : ''}
          </span>
        ) : null}
        <button ref={opener} className="link" onClick={() => setRaw(true)} data-testid="chat-request">
          Raw JSON
        </button>
      </div>
      <ol className="chat-messages">
        {transcript.messages.map((message, i) => (
          <Message key={i} message={message} />
        ))}
      </ol>
      {raw ? <ValueViewer value={detail} title={`Chat request of ${agent}`} onClose={close} /> : null}
    </div>
  );
}
