# Starts three timers, cancels the long one, and waits for the other two in whatever order. A
# single expression, so its value is the exit message (omw's terminal rule).
(
    short := omw.host.wait_for(20),
    long := omw.host.wait_for(60000),
    omw.host.wait_cron("* * * * * *"),
    omw.host.cancel_timer(long),
    names := (
        "long (cancelled!)" if e.id == long else "short" if e.id == short else "cron"
        for e in iter(omw.host.recv, None)
        if e.kind == "timer"
    ),
    fired := set(),
    # Stops once two different timers have fired.
    all(fired.add(name) or len(fired) < 2 for name in names),
    f"fired: {', '.join(sorted(fired, reverse=True))}",
)[-1]
