import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import { locatedError } from '../config/located-error.ts';
import { mockEndpointParamsSchema } from '../config/params/endpoint-mock-params.ts';
import { openaiEndpointParamsSchema } from '../config/params/endpoint-openai-params.ts';
import { parseParams } from '../config/params/parse-params.ts';
import { Endpoint, type EndpointInboxes } from './endpoint.ts';
import type { EndpointTransport } from './endpoint-transport.ts';
import { MockEndpoint, type MockEndpointEnvironment } from './mock/mock-endpoint.ts';
import { OpenaiEndpointServer } from './openai/openai-endpoint-server.ts';

export type EndpointEnvironment = EndpointInboxes & MockEndpointEnvironment;

type TransportFactory = (
  endpoint: Endpoint,
  impl: ImplConfig,
  config: OmwConfig,
  env: EndpointEnvironment,
) => EndpointTransport;

const TRANSPORTS: Record<string, TransportFactory> = {
  openai: (endpoint, impl, config) =>
    new OpenaiEndpointServer(endpoint, parseParams(openaiEndpointParamsSchema, impl, config, ['endpoint'])),
  mock: (endpoint, impl, config, env) =>
    new MockEndpoint(endpoint, parseParams(mockEndpointParamsSchema, impl, config, ['endpoint']), env),
};

/** The configured `[endpoint]`, or undefined without one; a bad table is a located ConfigError. */
export function buildEndpoint(config: OmwConfig, env: EndpointEnvironment): Endpoint | undefined {
  const impl = config.endpoint;
  if (!impl) return undefined;
  const factory = TRANSPORTS[impl.kind];
  if (!factory) {
    const known = Object.keys(TRANSPORTS).sort().join(', ');
    throw locatedError(config, ['endpoint', 'kind'], `unknown kind "${impl.kind}"; registered kinds: ${known}`);
  }
  const endpoint = new Endpoint(env, config.tunables.session_buffer);
  endpoint.attach(factory(endpoint, impl, config, env));
  return endpoint;
}
