# Waits for pong to announce itself, then sends three pings and expects matching pongs. A single
# expression, so its value is the exit message (omw's terminal rule).
(
    from_pong := omw.host.subscribe_agent("pong"),
    next(e for e in iter(omw.host.recv, None) if e.payload == "ready"),
    answers := [
        (
            omw.host.send_agent("pong", f"ping {round}"),
            next(e.payload for e in iter(omw.host.recv, None) if e.id == from_pong and e.payload != "ready"),
        )[-1]
        for round in range(1, 4)
    ],
    "got 3 pongs" if answers == ["pong 1", "pong 2", "pong 3"] else f"unexpected answers {answers}",
)[-1]
