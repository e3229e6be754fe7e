# Reads seeded memory in both forms, counts up, and checks that removal reports what it did. A
# single expression, so its value is the exit message (omw's terminal rule).
(
    name := omw.host.memory_get("name"),
    profile := omw.host.memory_get_as("profile"),
    counter := omw.host.memory_get_as("counter") + 1,
    omw.host.memory_set_as("counter", counter),
    stored := omw.host.memory_get("counter"),
    removed := omw.host.memory_remove("name") and omw.host.memory_get("name") is None,
    f"{name}, {profile.age}, {'+'.join(profile.languages)}, counter {counter}"
    if stored == "42" and removed
    else f"memory_set_as stored {stored!r}; removal worked: {removed}",
)[-1]
