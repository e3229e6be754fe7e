import { useMemo } from 'react';
import { formatBytes, type BinaryContent } from './binary-content.ts';

/** Decoded bytes of base64 content, for a download. */
function blobOf(content: BinaryContent): Blob {
  const text = atob(content.base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: content.mime });
}

function download(content: BinaryContent): void {
  const url = URL.createObjectURL(blobOf(content));
  const link = document.createElement('a');
  link.href = url;
  link.download = `value.${content.mime.split('/')[1]?.replace(/\+.*/, '') ?? 'bin'}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Base64 content by its type: an image shown, anything else named with its size. */
export function BinaryView({
  content,
  onCopy,
}: {
  content: BinaryContent;
  onCopy: (text: string, what: string) => void;
}) {
  const src = useMemo(() => `data:${content.mime};base64,${content.base64}`, [content]);
  return (
    <span className="binary-view" data-testid="value-binary" data-mime={content.mime}>
      <span className="binary-label">
        {content.mime} · {formatBytes(content.bytes)}
      </span>
      {content.mime.startsWith('image/') ? <img src={src} alt={`${content.mime} value`} /> : null}
      <button className="link" onClick={() => download(content)}>
        download
      </button>
      <button className="link" onClick={() => onCopy(content.base64, 'base64')}>
        copy base64
      </button>
    </span>
  );
}
