// Watches resources of a real MCP server: subscribes to one resource and to the list, makes the
// server change both, and reports what arrived.
import { recv } from 'omw:omw/host';
import { get as tooling } from 'omw:omw/tooling';

const URI = 'demo://resource/dynamic/text/1';

function next(handle, kind) {
  for (;;) {
    const { id, event } = recv();
    if (id !== handle) continue;
    if (event.tag === 'error') throw event.val;
    if (event.tag === kind) return event.val;
  }
}

export const runtime = {
  kind() {
    return 'mcp-resource-watcher';
  },
  run() {
    const server = tooling('everything');
    const noteSub = server.subscribeResource(URI);
    const listSub = server.subscribeResourceList();

    // The server sends updates for subscribed resources once they are switched on.
    server.callToolBlocking('toggle-subscriber-updates', '{}');
    const update = next(noteSub, 'resource-updated');
    server.unsubscribeResource(noteSub);
    server.callToolBlocking('toggle-subscriber-updates', '{}');

    // A new session resource changes the server's resource list.
    server.callToolBlocking(
      'gzip-file-as-resource',
      JSON.stringify({ name: 'note.txt.gz', data: 'data:text/plain,remember%20the%20milk' }),
    );
    const list = next(listSub, 'resource-list-updated');
    server.unsubscribeResourceList(listSub);

    const listed = list.some((resource) => resource.name === 'note.txt.gz') ? 'note.txt.gz listed' : 'note missing';
    return `${update.content.split(' created at')[0]}; ${listed}`;
  },
  check() {},
};
