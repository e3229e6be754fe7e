# Serves the "echo" model: answers each request word by word, then finishes the reply with the
# finish reason the client asked for in its params. A client that hung up makes streaming fail;
# the session end arrives as an event all the same. Stops after three sessions have ended.
#
# Catching that failure takes a try statement, and a brain of statements completes without a
# message (omw's terminal rule for Python), so this one logs how the sessions ended instead.
subscription = omw.host.subscribe_endpoint("echo")
ends = []
while len(ends) < 3:
    envelope = omw.host.recv()
    if envelope.id != subscription:
        continue
    if envelope.kind == "endpoint-session-end":
        ends.append(envelope.payload.error or "ok")
        continue
    request = envelope.payload
    words = (request.messages[-1].content or "").split(" ")
    try:
        for word in words:
            omw.host.stream_endpoint(request.session, {"content": word})
        finish = getattr(request.params, "finish", None) or "stop"
        omw.host.stream_endpoint(request.session, {"finish_reason": finish})
    except RuntimeError as error:
        omw.host.log("info", f"stopped answering: {error}")
omw.host.unsubscribe_endpoint(subscription)
omw.host.log("info", ", ".join(ends))
