// What both vendor SDK clients are told so that they take nothing from `process.env` or the
// user's files on their own: every setting Brainbench leaves to the environment comes from the
// provider's environment (`BackendEnvironment.variables`), which a workspace that is not trusted
// gets without the user's credentials (main/trust/backend-gate.ts). Left alone, each SDK reads its
// base URL, organisation, custom headers and log level from `process.env`, and writes its log to
// the console, around Brainbench's `--log-format`.

import { MAX_TIMER_MS } from './server-silence.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The SDKs' own logs are off: what they would say of a failure reaches the brain and the status
 * as the error itself; their request chatter is for debugging the SDK.
 */
export const SDK_LOG_LEVEL = 'off';

/**
 * The SDK's own timeout (the wait for a response to start) backs up the provider's silence watch
 * and must never decide first: the SDK retries its own timeouts, and words them as its own.
 */
export const sdkTimeout = (timeoutMs: number): number => Math.min(2 * timeoutMs, MAX_TIMER_MS);

/**
 * The default headers for `OPENAI_CUSTOM_HEADERS` / `ANTHROPIC_CUSTOM_HEADERS` (`Name: value`
 * lines): those of the provider's environment. The SDK adds the ones it finds in `process.env`
 * itself, under the headers it is given, so each of those is given as null (removed) first.
 */
export function customHeaders(variable: string, env: Env, sdkReads: Env = process.env): Record<string, string | null> {
  const removed = Object.fromEntries(Object.keys(headerLines(sdkReads[variable])).map((name) => [name, null]));
  return { ...removed, ...headerLines(env[variable]) };
}

/** The SDKs' reading of the variable: one `Name: value` per line, trimmed; lines without a colon are skipped. */
function headerLines(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text?.split('\n') ?? []) {
    const colon = line.indexOf(':');
    if (colon >= 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
