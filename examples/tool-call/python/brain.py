# Calls a tool twice: once blocking, once queued with the result arriving as an event. A single
# expression, so its value is the exit message (omw's terminal rule).
(
    calc := omw.tooling.get("calc"),
    add := calc.list_tools()[0],
    blocking := calc.call_tool_blocking("add", {"a": 1, "b": 2}),
    call := calc.call_tool("add", {"a": 3, "b": 4}),
    event := next(e for e in iter(omw.host.recv, None) if e.id == call),
    total := event.payload.structured_content.sum if event.kind == "tool-result" else event.payload,
    f"1+2={blocking.content[0].text}, 3+4={total}"
    if add.input_schema.type == "object"
    else "the input schema should arrive parsed",
)[-1]
