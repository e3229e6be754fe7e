# Reads a note, subscribes to it and to the list, then triggers the scripted updates. A single
# expression, so its value is the exit message (omw's terminal rule).
(
    notes := omw.tooling.get("notes"),
    uri := notes.list_resources()[0].uri,
    before := notes.read_resource(uri).content,
    note_sub := notes.subscribe_resource(uri),
    list_sub := notes.subscribe_resource_list(),
    omw.host.memory_set("ready", "yes"),
    update := omw.host.recv(),
    resources := omw.host.recv(),
    notes.unsubscribe_resource(note_sub),
    notes.unsubscribe_resource_list(list_sub),
    f"{before} -> {update.payload.content}; {len(resources.payload)} notes"
    if update.id == note_sub and resources.id == list_sub
    else f"expected the note update, then the list update; got {update.kind}, {resources.kind}",
)[-1]
