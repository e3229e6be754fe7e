# A timer fires before its cancel; a stream and a tool call are cancelled while pending.
(
    timer := omw.host.wait_for(1),
    omw.host.sleep_for(20),
    omw.host.cancel_timer(timer),
    llm := omw.provider.get("llm"),
    stream := llm.chat_stream("mock-model", [{"content": "never answered"}], []),
    slow := omw.tooling.get("slow"),
    call := slow.call_tool("wait", {}),
    llm.cancel(stream),
    slow.cancel(call),
    llm.cancel(stream),
    closed := not llm.is_open(stream) and not slow.is_open(call),
    first := omw.host.recv(),
    omw.host.sleep_for(20),
    quiet := omw.host.try_recv() is None,
    "timer won the race; stream and tool call cancelled; inbox quiet"
    if closed and first.id == timer and first.kind == "timer" and quiet
    else f"closed {closed}, first event {first.kind}, quiet {quiet}",
)[-1]
