// Values the config marks as secret never show in the clear: not in the trace (and so not in the
// logs, --dump files and views made from it), not in an iteration's result, not in a back end's
// status. Real agent processes, a real HTTP server that quotes the key it was sent, as some do,
// and a real MCP server process that prints its secret environment before it dies.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { waitFor, workspace } from './workspace.ts';

const KEY = 'sk-test-0123456789abcdef';
const TOKEN = 'mcp-token-fedcba9876543210';

test('an API key a server quotes back, and a secret a brain prints, show redacted', async () => {
  const server = createServer((req, res) => {
    const sent = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { message: `Incorrect API key provided: ${sent}`, type: 'invalid_request_error' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ws = workspace(
    [
      '[runtime.js]\nkind = "js"\n',
      `[providers.llm]\nkind = "openai"\napi_key = "${KEY}"\nbase_url = "http://127.0.0.1:${port}/v1"\nmax_retries = 0\n`,
      `[tooling.files]\nkind = "mcp"\ntransport = "stdio"\ncommand = "${process.execPath}"\nargs = ["-e", "console.error('my token is ' + process.env.TOKEN); process.exit(3)"]\nenv = { TOKEN = "${TOKEN}" }\n`,
      '[agents.alice]\nruntime = "js"\nscript = "alice.js"\n',
    ].join('\n'),
    {
      'alice.js': [
        `print('the token is ${TOKEN}');`,
        'let failure = "";',
        "try { omw.provider.get('llm').chat('m', [{ role: 'user', content: 'hi' }]); } catch (e) { failure = String(e); }",
        'failure;',
      ].join('\n'),
    },
  );
  try {
    const result = await ws.supervisor.step('alice');
    const exited = result.kind === 'outcome' && result.outcome !== 'completed' ? result.outcome.exited : '';
    assert.match(exited, /Incorrect API key provided: \[redacted\]/);
    assert.ok(ws.trace.some((e) => e.type === 'log' && e.message === 'the token is [redacted]'));
    await waitFor(
      () => ws.host.backends().some((b) => b.name === 'files' && b.status?.state === 'failed'),
      'the MCP server to fail',
    );
    const everything = JSON.stringify([ws.trace, result, ws.host.backends()]);
    const at = everything.indexOf(KEY);
    assert.ok(at === -1, `the API key is nowhere, but: …${everything.slice(Math.max(0, at - 300), at + 40)}`);
    assert.ok(!everything.includes(TOKEN), 'the MCP token is nowhere');
  } finally {
    ws.supervisor.dispose();
    await ws.host.close();
    server.close();
  }
});
