// Both SDKs read a streamed request's response as server-sent events whatever it holds, so an
// ordinary JSON answer (which some servers and proxies send anyway) would read as an empty stream.

/** The response's JSON body when it is not an event stream, else undefined (the body is left unread). */
export async function jsonAnswer<T>(response: Response): Promise<T | undefined> {
  const type = response.headers.get('content-type') ?? '';
  if (!/\bjson\b/i.test(type)) return undefined;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`the server sent malformed JSON: ${text.slice(0, 200)}`);
  }
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  if (error) throw new Error(`the server answered with an error: ${String(error.message ?? JSON.stringify(error))}`);
  return body as T;
}
