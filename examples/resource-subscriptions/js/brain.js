// Reads a note, subscribes to it and to the list, then triggers the scripted updates.
const notes = omw.tooling.get('notes');
const uri = notes.listResources()[0].uri;
const before = notes.readResource(uri).content;
const noteSub = notes.subscribeResource(uri);
const listSub = notes.subscribeResourceList();
omw.host.memorySet('ready', 'yes');
const update = omw.host.recv();
if (update.id !== noteSub) throw new Error(`expected the note update first, got ${update.kind}`);
const list = omw.host.recv();
if (list.id !== listSub) throw new Error(`expected the list update second, got ${list.kind}`);
notes.unsubscribeResource(noteSub);
notes.unsubscribeResourceList(listSub);
`${before} -> ${update.payload.content}; ${list.payload.length} notes`;
