# Announces itself until ping listens, then answers every ping with a pong. A single expression,
# so its value is the exit message (omw's terminal rule).
(
    omw.host.subscribe_agent("ping"),
    # Polls the inbox, saying "ready" (and pausing) each time it is still empty.
    first := next(
        e
        for e in iter(omw.host.try_recv, "never")
        if e is not None or (omw.host.send_agent("ping", "ready"), omw.host.sleep_for(5))[-1]
    ),
    pings := (
        e
        for source in ([first], iter(omw.host.recv, None))
        for e in source
        if e.kind == "message" and e.payload.startswith("ping ")
    ),
    # range comes first in zip, so nothing is received after the third ping.
    answered := len(
        [omw.host.send_agent("ping", e.payload.replace("ping", "pong", 1)) for _, e in zip(range(3), pings)]
    ),
    f"answered {answered} pings",
)[-1]
