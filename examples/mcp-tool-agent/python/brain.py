# One round of tool use: the model picks a tool, the MCP server runs it, the model answers. A
# single expression, so its value is the exit message (omw's terminal rule).
(
    llm := omw.provider.get("llm"),
    server := omw.tooling.get("everything"),
    tools := server.list_tools(),
    question := {"role": "user", "content": "What is 19 + 23?"},
    tool_call := llm.chat("mock-model", [question], tools).tool_calls[0],
    call := server.call_tool(tool_call.name, tool_call.arguments),
    event := next(e for e in iter(omw.host.recv, None) if e.id == call),
    result := "\n".join(block.text for block in event.payload.content)
    if event.kind == "tool-result"
    else event.payload,
    llm.chat(
        "mock-model",
        [
            question,
            {"role": "assistant", "tool_call": tool_call},
            {"role": "tool", "content": result, "tool_call": tool_call},
        ],
        tools,
    ).content,
)[-1]
