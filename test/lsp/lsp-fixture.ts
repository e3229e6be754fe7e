// `brainbench lsp` in a child process, driven by the protocol library's own client connection
// over its standard input and output, keeping every diagnostics notification it publishes.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import {
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

export const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

export class LspSession {
  readonly published: (PublishDiagnosticsParams & { at: number })[] = [];
  private readonly waiting = new Set<() => void>();

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly client: ProtocolConnection,
  ) {
    client.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push({ ...params, at: performance.now() });
      for (const wake of this.waiting) wake();
    });
  }

  static async start(): Promise<LspSession> {
    const child = spawn(process.execPath, [BRAINBENCH, 'lsp', '--stdio'], { stdio: 'pipe' });
    const client = createProtocolConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const session = new LspSession(child, client);
    client.listen();
    await client.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      workspaceFolders: null,
    });
    await client.sendNotification(InitializedNotification.type, {});
    return session;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.client.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'rhai', version, text },
    });
  }

  /** The first diagnostics published for `uri` at `version`, with when they arrived. */
  async diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams & { at: number }> {
    for (;;) {
      const found = this.published.find((p) => p.uri === uri && p.version === version);
      if (found) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake);
          resolve();
        };
        this.waiting.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    this.client.dispose();
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill();
    await exited;
  }
}
