// Subscribes to a resource and to the resource list, makes the server change both, and reports
// what arrived.
const server = omw.tooling.get('everything');
const uri = 'demo://resource/dynamic/text/1';

function next(handle, kind) {
  for (;;) {
    const envelope = omw.host.recv();
    if (envelope.id !== handle) continue;
    if (envelope.kind === 'error') throw new Error(envelope.payload);
    if (envelope.kind === kind) return envelope.payload;
  }
}

const noteSub = server.subscribeResource(uri);
const listSub = server.subscribeResourceList();

// The server sends updates for subscribed resources once they are switched on.
server.callToolBlocking('toggle-subscriber-updates', {});
const update = next(noteSub, 'resource-updated');
server.unsubscribeResource(noteSub);
server.callToolBlocking('toggle-subscriber-updates', {});

// A new session resource changes the server's resource list.
server.callToolBlocking('gzip-file-as-resource', {
  name: 'note.txt.gz',
  data: 'data:text/plain,remember%20the%20milk',
});
const list = next(listSub, 'resource-list-updated');
server.unsubscribeResourceList(listSub);

const listed = list.some((resource) => resource.name === 'note.txt.gz') ? 'note.txt.gz listed' : 'note missing';
`${update.content.split(' created at')[0]}; ${listed}`;
