// A real OTLP/HTTP receiver on loopback: takes `POST /v1/traces` protobuf bodies as a collector
// does, decodes them with the test's own wire reader, and can be told to answer with an error.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeTraceRequest, type WireSpan } from './otlp-wire.ts';

export interface OtlpReceiver {
  /** The collector's base URL, e.g. http://127.0.0.1:4318 (spans go to `/v1/traces`). */
  origin: string;
  spans: WireSpan[];
  requests: { path: string; contentType: string | undefined }[];
  /** Answer every request with this status (and a body saying so) instead of 200. */
  failWith?: number;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: Omit<OtlpReceiver, 'origin' | 'close'> = { spans: [], requests: [] };
  const server = createServer((request, response) => {
    void body(request).then((bytes) => {
      receiver.requests.push({ path: request.url ?? '', contentType: request.headers['content-type'] });
      if (receiver.failWith !== undefined) {
        response.writeHead(receiver.failWith, { 'content-type': 'text/plain' });
        response.end('receiver told to fail');
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      receiver.spans.push(...decodeTraceRequest(bytes));
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
