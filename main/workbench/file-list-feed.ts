// The file tree follows the workspace: whenever something in it may have appeared or gone (a file
// the host wrote, a test saved from a recording, another program's change), the listing is made
// again a moment later and sent when it differs from the last one sent. Listing the whole tree
// again, rather than trusting each watcher event, also catches files written into a folder the
// watcher had not seen yet.

import type { WorkspaceFile } from '../../contract/views.ts';
import { listWorkspaceFiles } from './workspace-files.ts';

/** Changes often come in bursts (a folder of files): one listing after the burst. */
const SETTLE_MS = 120;

export class FileListFeed {
  private sent: string;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: string,
    private readonly send: (files: WorkspaceFile[]) => void,
    shown: WorkspaceFile[] = listWorkspaceFiles(root),
  ) {
    this.sent = JSON.stringify(shown);
  }

  /** What the file tree shows now; the next change is compared with it. */
  shown(): WorkspaceFile[] {
    const files = listWorkspaceFiles(this.root);
    this.sent = JSON.stringify(files);
    return files;
  }

  /** Something may have changed: the listing is looked at again once the burst settles. */
  mayHaveChanged(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), SETTLE_MS);
  }

  close(): void {
    clearTimeout(this.timer);
  }

  private check(): void {
    this.timer = undefined;
    const files = listWorkspaceFiles(this.root);
    const text = JSON.stringify(files);
    if (text === this.sent) return;
    this.sent = text;
    this.send(files);
  }
}
