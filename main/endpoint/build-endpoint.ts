import { buildBackend, type BackendEnvironment } from '../backends/backend-kind.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { Endpoint, type EndpointInboxes } from './endpoint.ts';
import { ENDPOINT_KINDS } from './endpoint-kinds.ts';

export type EndpointEnvironment = EndpointInboxes & BackendEnvironment;

/** The configured `[endpoint]`, or undefined without one; a bad table is a located ConfigError. */
export function buildEndpoint(config: OmwConfig, env: EndpointEnvironment): Endpoint | undefined {
  const impl = config.endpoint;
  if (!impl) return undefined;
  const endpoint = new Endpoint(env, config.tunables.session_buffer);
  endpoint.attach(buildBackend(ENDPOINT_KINDS, 'endpoint', impl, config, { ...env, endpoint }, ['endpoint']));
  return endpoint;
}
