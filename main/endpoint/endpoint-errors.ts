// The error texts of the endpoint (omw-compat 12). omw pins down the first four and the mock's
// abort; the others are Brainbench's choices (omw-compat 17.7), documented in docs/endpoint.md.

export const NOT_CONFIGURED = 'the endpoint is not configured';
export const UNKNOWN_SESSION = 'unknown endpoint session';
export const RECEIVER_CLOSED = 'endpoint session receiver closed';
export const SESSION_ABORTED = 'endpoint session aborted';
export const SUBSCRIPTION_CANCELLED = 'endpoint subscription cancelled';
export const CLIENT_DISCONNECTED = 'endpoint client disconnected';
export const ENDPOINT_SHUT_DOWN = 'endpoint shut down';

export const modelTaken = (model: string): string => `endpoint model "${model}" is already taken`;

export const noAgentServes = (model: string): string => `no agent serves model "${model}"`;
