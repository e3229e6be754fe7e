# Subscribes to a resource and to the resource list, makes the server change both, and reports
# what arrived. A single expression, so its value is the exit message (omw's terminal rule).
(
    server := omw.tooling.get("everything"),
    uri := "demo://resource/dynamic/text/1",
    # The payload of the next `kind` event of `handle`; an error event's text ends the wait too.
    next_payload := lambda handle, kind: next(
        e.payload for e in iter(omw.host.recv, None) if e.id == handle and e.kind in (kind, "error")
    ),
    note_sub := server.subscribe_resource(uri),
    list_sub := server.subscribe_resource_list(),
    # The server sends updates for subscribed resources once they are switched on.
    server.call_tool_blocking("toggle-subscriber-updates", {}),
    update := next_payload(note_sub, "resource-updated"),
    server.unsubscribe_resource(note_sub),
    server.call_tool_blocking("toggle-subscriber-updates", {}),
    # A new session resource changes the server's resource list.
    server.call_tool_blocking(
        "gzip-file-as-resource", {"name": "note.txt.gz", "data": "data:text/plain,remember%20the%20milk"}
    ),
    resources := next_payload(list_sub, "resource-list-updated"),
    server.unsubscribe_resource_list(list_sub),
    listed := "note.txt.gz listed" if any(r.name == "note.txt.gz" for r in resources) else "note missing",
    f"{update.content.split(' created at')[0]}; {listed}",
)[-1]
