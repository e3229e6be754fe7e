import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { OpenaiEndpointParams } from './openai-endpoint-params.ts';
import type { Endpoint } from '../endpoint.ts';
import { CLIENT_DISCONNECTED, ENDPOINT_SHUT_DOWN } from '../endpoint-errors.ts';
import type { EndpointTransport } from '../endpoint-transport.ts';
import { BadRequest, parseCompletionRequest } from './chat-completion-request.ts';
import { openaiErrorBody, type OpenaiError } from './openai-error-body.ts';
import { BodyTooLarge, readJsonBody } from './read-json-body.ts';
import { writeBufferedReply } from './write-buffered-reply.ts';
import { writeJson } from './write-json.ts';
import { writeStreamReply } from './write-stream-reply.ts';

/** Connections still busy this long after close are cut, so shutting down never hangs on a client. */
const CLOSE_GRACE_MS = 1000;
const IDLE_SWEEP_MS = 5;

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** `127.0.0.1:8080` or `[::1]:8080` (the params schema has checked the form). */
function hostAndPort(listen: string): { host: string; port: number } {
  const colon = listen.lastIndexOf(':');
  return { host: listen.slice(0, colon).replace(/^\[|\]$/g, ''), port: Number(listen.slice(colon + 1)) };
}

/**
 * omw's `[endpoint] kind = "openai"` (omw-compat 12): an OpenAI-compatible HTTP server on
 * `listen`. `GET /v1/models` lists the subscribed models; `POST /v1/chat/completions` routes each
 * request into the serving agent's inbox and answers with the agent's reply, streamed or whole.
 */
export class OpenaiEndpointServer implements EndpointTransport {
  readonly kind = 'openai';
  /** The bound address; rejects when the server could not listen. */
  readonly listening: Promise<AddressInfo>;
  private readonly server: Server;
  private failure: string | undefined;
  /** Set at close: a kept-alive connection may still bring a request, which must not open a session. */
  private closing = false;

  constructor(
    private readonly endpoint: Endpoint,
    params: OpenaiEndpointParams,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        // A client that vanished mid-body; anything else is a Brainbench bug, shown to the client.
        if (res.headersSent) res.destroy();
        else this.fail(res, { status: 500, type: 'server_error', message: error.message });
      });
    });
    // A forgotten close must not keep the process alive; agent processes do that while they run.
    this.server.unref();
    const { host, port } = hostAndPort(params.listen);
    this.listening = new Promise((resolve, reject) => {
      this.server.once('listening', () => resolve(this.server.address() as AddressInfo));
      this.server.once('error', (error) => {
        this.failure = `the endpoint could not listen on ${params.listen}: ${error.message}`;
        reject(error);
      });
    });
    // Reported to brains through `unavailable`; awaiting `listening` is optional.
    this.listening.catch(() => {});
    this.server.listen(port, host);
  }

  get unavailable(): string | undefined {
    return this.failure;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Kept-alive connections turn idle as the ended sessions' last bytes go out; sweep them up.
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => this.server.closeAllConnections(), CLOSE_GRACE_MS);
    await closed;
    clearInterval(sweep);
    clearTimeout(cut);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://endpoint').pathname;
    if (path === '/v1/models') {
      if (req.method !== 'GET') return this.fail(res, methodNotAllowed(req, path));
      return this.listModels(res);
    }
    if (path === '/v1/chat/completions') {
      if (req.method !== 'POST') return this.fail(res, methodNotAllowed(req, path));
      return this.complete(req, res);
    }
    this.fail(res, { status: 404, type: 'not_found_error', message: `no route for ${req.method} ${path}` });
  }

  private listModels(res: ServerResponse): void {
    const data = this.endpoint.models.list().map((subscription) => ({
      id: subscription.model,
      object: 'model',
      created: seconds(subscription.since),
      owned_by: subscription.agent,
    }));
    writeJson(res, 200, { object: 'list', data });
  }

  private async complete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let request;
    try {
      request = parseCompletionRequest(await readJsonBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return this.fail(res, { status: 413, type: 'invalid_request_error', message: error.message });
      if (!(error instanceof BadRequest)) throw error;
      return this.fail(res, { status: 400, type: 'invalid_request_error', message: error.message, param: error.param });
    }
    if (this.closing) return this.fail(res, { status: 503, type: 'server_error', message: ENDPOINT_SHUT_DOWN });
    const session = this.endpoint.route(request);
    if ('failure' in session) {
      return this.fail(
        res,
        session.failure === 'unknown-model'
          ? {
              status: 404,
              type: 'invalid_request_error',
              message: session.message,
              param: 'model',
              code: 'model_not_found',
            }
          : { status: 503, type: 'server_error', message: session.message },
      );
    }
    res.once('close', () => {
      if (!res.writableEnded) this.endpoint.hangUp(session, CLIENT_DISCONNECTED);
    });
    const created = seconds(Date.now());
    if (request.stream) writeStreamReply(res, session, created);
    else writeBufferedReply(res, session, created);
  }

  private fail(res: ServerResponse, error: OpenaiError): void {
    writeJson(res, error.status, openaiErrorBody(error));
  }
}

const methodNotAllowed = (req: IncomingMessage, path: string): OpenaiError => ({
  status: 405,
  type: 'invalid_request_error',
  message: `${req.method} is not allowed on ${path}`,
});
