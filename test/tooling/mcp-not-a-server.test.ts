import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { McpTooling } from '../../main/tooling/mcp/mcp-tooling.ts';
import { eventually } from './mcp-servers.ts';

// Commands configured as stdio MCP servers that are none, as real processes: one that exits, one
// that echoes what it is sent (`cat`), and one that prints garbage and hangs. Each is reported in
// seconds, with the evidence (its exit code, or what it printed, and its standard error), rather
// than after the request timeout (60 s, twice for the revision probe and the handshake).

/** Generous for a loaded machine; the timeouts being beaten are a minute or two. */
const SECONDS = 15_000;

function tooling(command: string, args: string[] = []): McpTooling {
  return new McpTooling(
    'notmcp',
    { transport: 'stdio', command, args, env: {} },
    { cwd: undefined, backoff: { startMs: 60_000, capMs: 60_000 } },
  );
}

/** The error of the first call, and how long it took to come. */
async function firstFailure(subject: McpTooling): Promise<{ message: string; ms: number }> {
  const begun = Date.now();
  try {
    await subject.listTools(AbortSignal.timeout(180_000));
  } catch (error) {
    return { message: (error as Error).message, ms: Date.now() - begun };
  }
  assert.fail('the call succeeded');
}

describe('a stdio command that is not an MCP server', { timeout: 240_000 }, () => {
  it('`false` exits: reported with its exit code, at once', async () => {
    const subject = tooling('false');
    try {
      const { message, ms } = await firstFailure(subject);
      assert.match(message, /^MCP server "notmcp" failed to start: it exited with code 1 before answering$/);
      assert.ok(ms < SECONDS, `took ${ms} ms`);
      await eventually(() => subject.status().state === 'failed', 'the failed state');
      assert.match(subject.status().detail ?? '', /exited with code 1 before answering; reconnecting in/);
    } finally {
      await subject.close();
    }
  });

  it('one that exits quotes its standard error with the code', async () => {
    const subject = tooling('sh', ['-c', 'echo "no config file" >&2; exit 3']);
    try {
      const { message } = await firstFailure(subject);
      assert.match(message, /it exited with code 3 before answering; its standard error: no config file$/);
    } finally {
      await subject.close();
    }
  });

  it('`cat` echoes: "not an MCP server", quoting what it sent back', async () => {
    const subject = tooling('cat');
    try {
      const { message, ms } = await firstFailure(subject);
      assert.match(
        message,
        /^MCP server "notmcp" failed to start: not an MCP server: it sent back the request it was sent: `\{"jsonrpc":"2\.0",.*"method":"server\/discover"/,
      );
      assert.ok(ms < SECONDS, `took ${ms} ms`);
    } finally {
      await subject.close();
    }
  });

  it('one that prints garbage and hangs: "not an MCP server", quoting the garbage and its standard error', async () => {
    const subject = tooling('sh', ['-c', 'echo garbage; echo "starting up" >&2; exec sleep 120']);
    try {
      const { message, ms } = await firstFailure(subject);
      assert.match(
        message,
        /^MCP server "notmcp" failed to start: not an MCP server: it printed `garbage`; its standard error: starting up$/,
      );
      assert.ok(ms < SECONDS, `took ${ms} ms`);
    } finally {
      await subject.close();
    }
  });
});
