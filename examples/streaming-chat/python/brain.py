# Streams an answer, collecting reasoning and content until the stream ends. A single
# expression, so its value is the exit message (omw's terminal rule).
(
    llm := omw.provider.get("llm"),
    stream := llm.chat_stream("mock-model", [{"role": "user", "content": "Write a haiku"}], []),
    ours := (e for e in iter(omw.host.recv, None) if e.id == stream),
    # The deltas up to chat-end; an error's payload is its text, which has no content to read.
    deltas := list(iter(lambda: None if (e := next(ours)).kind == "chat-end" else e.payload, None)),
    reasoning := "".join(delta.reasoning or "" for delta in deltas),
    content := "".join(delta.content or "" for delta in deltas),
    f"thought: {reasoning} | said: {content}",
)[-1]
