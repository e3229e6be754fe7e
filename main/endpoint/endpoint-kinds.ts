// The `kind`s of `[endpoint]`: how the endpoint's requests arrive.

import { backendKind, type BackendKind } from '../backends/backend-kind.ts';
import type { Endpoint } from './endpoint.ts';
import type { EndpointTransport } from './endpoint-transport.ts';
import { MockEndpoint } from './mock/mock-endpoint.ts';
import { mockEndpointParamsSchema } from './mock/mock-endpoint-params.ts';
import { OpenaiEndpointServer } from './openai/openai-endpoint-server.ts';
import { openaiEndpointParamsSchema } from './openai/openai-endpoint-params.ts';
import type { EndpointEnvironment } from './build-endpoint.ts';

/** A transport is built for the endpoint it serves, which comes with the environment. */
export type EndpointKindEnvironment = EndpointEnvironment & { endpoint: Endpoint };

export const ENDPOINT_KINDS: Readonly<Record<string, BackendKind<EndpointTransport, EndpointKindEnvironment>>> = {
  openai: backendKind(
    openaiEndpointParamsSchema,
    (_name, params, _config, env: EndpointKindEnvironment) => new OpenaiEndpointServer(env.endpoint, params),
  ),
  mock: backendKind(
    mockEndpointParamsSchema,
    (_name, params, _config, env: EndpointKindEnvironment) => new MockEndpoint(env.endpoint, params, env),
  ),
};
