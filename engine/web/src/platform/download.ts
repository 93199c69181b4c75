import { authStorage } from '../api';

/**
 * Files (PDF, Excel, attachments) are fetched rather than navigated to: a browser navigation asks for
 * HTML and gets the web app (DESIGN.md §4), and a fetch can carry the Authorization header.
 */
export async function fetchFile(
  url: string,
  lang: string,
  onProgress?: (received: number) => void,
): Promise<Blob> {
  const auth = authStorage().authorizationHeader();
  const res = await fetch(url, {
    headers: { ...(auth ? { Authorization: auth } : {}), 'Accept-Language': lang, Accept: '*/*' },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !res.body || type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { Message?: string } | null;
    throw new Error(body?.Message || `HTTP ${res.status}`);
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress?.(received);
  }
  return new Blob(parts as BlobPart[], { type });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
