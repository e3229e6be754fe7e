// Base64 content inside a value, recognised by its MIME type: a data: URL, a `data`/`blob` beside
// a `mimeType` (MCP's image, audio and resource contents), or a long base64 string whose first
// bytes are a known file signature.

export interface BinaryContent {
  mime: string;
  base64: string;
  /** Decoded size in bytes. */
  bytes: number;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w-]+=[^;,]+)*;base64,([A-Za-z0-9+/=\s]+)$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Shorter strings are words and identifiers far more often than files. */
const SNIFF_MIN_CHARS = 64;

/** The base64 forms of file signatures (the first bytes of each format). */
const SIGNATURES: [prefix: string, mime: string][] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
  ['PHN2Zy', 'image/svg+xml'],
  ['JVBERi0', 'application/pdf'],
  ['UEsDB', 'application/zip'],
  ['SUQz', 'audio/mpeg'],
  ['T2dnUw', 'audio/ogg'],
  ['AGFzbQ', 'application/wasm'],
];

const decodedBytes = (base64: string): number => {
  const clean = base64.replace(/\s/g, '');
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
};

const content = (mime: string, base64: string): BinaryContent => ({
  mime,
  base64: base64.replace(/\s/g, ''),
  bytes: decodedBytes(base64),
});

/** `mime` names the string's type when the value around it says so (`mimeType` beside `data`). */
export function binaryContent(text: string, mime?: string): BinaryContent | undefined {
  const url = DATA_URL.exec(text);
  if (url) return content(url[1]!, url[2]!);
  if (text.length < (mime ? 4 : SNIFF_MIN_CHARS) || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  if (mime) return content(mime, text);
  const signature = SIGNATURES.find(([prefix]) => text.startsWith(prefix));
  return signature ? content(signature[1], text) : undefined;
}

/** The MIME type an object gives its base64 fields, if any (`mimeType`, `mime_type`, `media_type`). */
export function siblingMime(parent: unknown): string | undefined {
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  const record = parent as Record<string, unknown>;
  const mime = record.mimeType ?? record.mime_type ?? record.media_type ?? record.mediaType;
  return typeof mime === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(mime) ? mime : undefined;
}

/** The fields that carry base64 beside a MIME type. */
export const BINARY_FIELDS = new Set(['data', 'blob', 'bytes', 'base64']);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
