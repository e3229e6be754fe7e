# Asks the model once, remembers the answer and exits with it. A brain that is a single
# expression exits with its value (omw's terminal rule): here the last item of the tuple.
(
    reply := omw.provider.get("llm").chat(
        "mock-model", [{"role": "user", "content": "Say hello to Alice"}], []
    ),
    omw.host.memory_set("greeting", reply.content),
    omw.host.log("info", f"used {reply.usage.total_tokens} tokens, finish reason {reply.finish_reason}"),
    reply.content,
)[-1]
