# Greets the user remembered in memory with the model's words and counts its greetings. A brain
# of statements completes without a message (omw's terminal rule for Python); a single
# expression would exit with its value.
user = omw.host.memory_get("user")
reply = omw.provider.get("chat").chat("mock-model", [{"role": "user", "content": f"Greet {user}"}], [])
greetings = (omw.host.memory_get_as("greetings") or 0) + 1
omw.host.memory_set_as("greetings", greetings)
omw.host.log("info", f"greeting #{greetings} for {user}: {reply.content}")
