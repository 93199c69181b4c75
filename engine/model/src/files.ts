/**
 * What a file really is, from its first bytes (a renamed .exe stays an .exe), and which
 * extensions the product accepts (spec part 1 §5 and part 2 §5).
 */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp'] as const;
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;
/** The shell also takes these (spec part 1 §5). */
export const EXTRA_EXTENSIONS = ['ppt', 'pptx', 'zip', 'rar'] as const;

/**
 * What a file chooser offers (`<input accept>`): every accepted extension, and the image types by MIME
 * too, so that a phone offers its camera and photo library (and iOS hands over a JPEG, not HEIC).
 */
export const UPLOAD_ACCEPT = [
  ...[...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS, ...EXTRA_EXTENSIONS].map((e) => `.${e}`),
  'image/jpeg',
  'image/png',
].join(',');
/** A phone's "take a photo": the camera's JPEG or PNG only. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png';

export type Sniffed = 'pdf' | 'png' | 'jpg' | 'gif' | 'bmp' | 'zip' | 'ole' | 'rar' | 'unknown';

export function sniff(head: Uint8Array): Sniffed {
  const b = (i: number) => head[i];
  const starts = (...bytes: number[]) => bytes.every((x, i) => b(i) === x);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return 'rar';
  return 'unknown';
}

/** The content each extension must have: Office files are zip (new) or OLE (old) containers. */
const CONTENT: Record<string, Sniffed[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  bmp: ['bmp'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  rar: ['rar'],
};

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

/** Attachment_Type 2 for images, 1 for documents; null when the extension is not accepted. */
export function attachmentType(name: string, imagesOnly = false): 1 | 2 | null {
  const ext = extensionOf(name);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 2;
  if (imagesOnly) return ext === 'pdf' ? 1 : null;
  if (
    (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) ||
    (EXTRA_EXTENSIONS as readonly string[]).includes(ext)
  )
    return 1;
  return null;
}

export function contentMatches(name: string, head: Uint8Array): boolean {
  const allowed = CONTENT[extensionOf(name)];
  return !!allowed && allowed.includes(sniff(head));
}

/**
 * Control characters (C0, DEL, C1) and the bidirectional controls (embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F, U+061C): a right-to-left override
 * shows `invoice\u202Efdp.exe` as `invoiceexe.pdf`, so such a name would lie about its type.
 */
function controlChar(code: number): boolean {
  return (
    code < 32 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c
  );
}

/**
 * A display name without any path or control characters (stripped; the characters Windows forbids
 * become `_`); the stored name is always the server's own.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => !controlChar(c.codePointAt(0) ?? 0))
    .map((c) => ('<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return clean.slice(-120) || 'file';
}

/**
 * The Content-Disposition header of a file sent with this name (it may hold a document number or a
 * material's number), cleaned as an uploaded name is; a slash in it is part of the name, not a path.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  return `${kind}; filename*=UTF-8''${encodeURIComponent(safeFileName(name.replace(/[\\/]/g, '_')))}`;
}
