// What a failed provider request tells the brain: which provider, and what went wrong in words,
// whichever vendor SDK raised it. Both SDKs raise HTTP errors with `status` and `headers`, prefix
// the message with the status, and wrap network failures with the cause that says what broke.

interface HttpFailure extends Error {
  status: number;
  headers?: { get(name: string): string | null };
}

const isHttpFailure = (error: Error): error is HttpFailure =>
  typeof (error as { status?: unknown }).status === 'number';

/** The error the brain catches: `provider "<name>": <what went wrong>`. */
export function providerFailure(provider: string, problem: string): Error {
  return new Error(`provider "${provider}": ${problem}`);
}

/** What went wrong, in words, from an SDK or network error. */
export function describeFailure(error: Error): string {
  if (isHttpFailure(error)) return httpProblem(error);
  // The SDK's parse of a server-sent event; its words differ between SDK versions.
  if (error instanceof SyntaxError) return `the stream held an event that is not JSON (${error.message})`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  // A connection that breaks mid-answer surfaces as fetch's bare `terminated`.
  if (error.message === 'terminated') return `the connection broke mid-answer${cause ? ` (${causeText(cause)})` : ''}`;
  if (cause) return `${error.message.replace(/\.$/, '')} (${causeText(cause)})`;
  return error.message;
}

function httpProblem(error: HttpFailure): string {
  const prefix = `${error.status} `;
  const body = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  const said = body === 'status code (no body)' ? 'with no body' : body;
  const retryAfter = error.headers?.get('retry-after');
  const retry = retryAfter
    ? `; it asks to retry after ${/^\d+$/.test(retryAfter) ? `${retryAfter} s` : retryAfter}`
    : '';
  return `the server answered HTTP ${error.status}: ${said}${retry}`;
}

/** The innermost cause says what broke (`read ECONNRESET`); the outer ones only that something did. */
function causeText(cause: Error): string {
  let innermost = cause;
  while (innermost.cause instanceof Error) innermost = innermost.cause;
  const code = (innermost as { code?: unknown }).code;
  const { message } = innermost;
  return typeof code === 'string' && !message.includes(code) ? `${message}, ${code}` : message;
}
