import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { openaiEndpointParamsSchema } from '../../main/endpoint/openai/openai-endpoint-params.ts';
import { OpenaiEndpointServer } from '../../main/endpoint/openai/openai-endpoint-server.ts';
import { endpointHost, traceLines } from './endpoint-host.ts';

test('the server listens on loopback unless told otherwise', () => {
  assert.deepEqual(openaiEndpointParamsSchema.parse({}), { listen: '127.0.0.1:8080' });
});

test('a server that cannot listen makes every subscribe-endpoint fail with the reason', async () => {
  const squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  const { port } = squatter.address() as AddressInfo;
  try {
    const h = endpointHost(`[endpoint]\nkind = "openai"\nlisten = "127.0.0.1:${port}"\n`);
    const server = h.endpoint.transport;
    assert.ok(server instanceof OpenaiEndpointServer);
    await assert.rejects(server.listening, { code: 'EADDRINUSE' });
    const reason = `the endpoint could not listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`;
    await assert.rejects(h.call('alice', 'host.subscribe-endpoint', 'echo'), { message: reason });
    assert.deepEqual(traceLines(h.trace), ['alice call subscribe_endpoint (no handle)', `alice error ${reason}`]);
    await h.host.close();
  } finally {
    squatter.close();
  }
});
