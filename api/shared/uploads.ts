/**
 * What an uploaded file is, read from its bytes: a supporting document is taken as a PDF, a JPEG or a PNG only when
 * its content is one, whatever its name or the type the browser declared. A program (a Windows or Linux executable,
 * a macOS binary, a script) is named as such, so the refusal says what was sent. Pure: no imports.
 */

/** A file as an upload route received it: its bytes, and the name and type the client gave (never to be trusted). */
export interface UploadedFile {
  name: string;
  declaredType: string;
  bytes: Uint8Array;
}

export const PDF_MEDIA = "application/pdf";
export const JPEG_MEDIA = "image/jpeg";
export const PNG_MEDIA = "image/png";

/** The types a supporting file may be, with the word users know them by. */
export const SUPPORTING_FILE_TYPES = { [PDF_MEDIA]: "PDF", [JPEG_MEDIA]: "JPEG", [PNG_MEDIA]: "PNG" } as const;
export type SupportingFileType = keyof typeof SUPPORTING_FILE_TYPES;

export type FileVerdict = { ok: true; contentType: SupportingFileType } | { ok: false; reason: string };

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

/** The last index of `needle` in `bytes` at or after `from`, or -1. */
function lastIndexOf(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  for (let i = bytes.length - needle.length; i >= from; i--) {
    let found = true;
    for (let j = 0; j < needle.length; j++) {
      if (bytes[i + j] !== needle[j]) {
        found = false;
        break;
      }
    }
    if (found) return i;
  }
  return -1;
}

/** How far from the end a PDF's end-of-file marker, a JPEG's end of image may sit (writers pad or append a little). */
const TAIL = 1024;

const PROGRAMS: { name: string; magic: readonly number[] }[] = [
  { name: "a Linux program (ELF)", magic: [0x7f, 0x45, 0x4c, 0x46] },
  { name: "a Windows program (MZ)", magic: [0x4d, 0x5a] },
  { name: "a macOS program (Mach-O)", magic: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: "a macOS program (Mach-O)", magic: [0xce, 0xfa, 0xed, 0xfe] },
  { name: "a macOS program (Mach-O)", magic: [0xfe, 0xed, 0xfa, 0xcf] },
  { name: "a macOS program (Mach-O)", magic: [0xfe, 0xed, 0xfa, 0xce] },
  { name: "a macOS or Java program", magic: [0xca, 0xfe, 0xba, 0xbe] },
  { name: "a script (#!)", magic: [0x23, 0x21] },
];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The first chunk of every PNG: 13 bytes of IHDR. */
const PNG_IHDR = [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];
/** The last chunk of every PNG: IEND with no data and its fixed CRC. */
const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const WRONG_TYPE = "Only a PDF, a JPEG or a PNG can be attached";

/**
 * The verdict on a file's bytes: a PDF starts with its header (%PDF-1.x or %PDF-2.x) and ends with its trailer
 * (startxref, then %%EOF, in its last kilobyte); a PNG has its signature, the IHDR chunk first and the IEND chunk
 * last; a JPEG starts with a start-of-image marker and a segment, and ends with the end-of-image marker in its last
 * kilobyte. Anything else is refused, a program by name.
 */
export function recogniseFile(bytes: Uint8Array): FileVerdict {
  if (bytes.length === 0) return { ok: false, reason: "The file is empty." };
  const program = PROGRAMS.find((p) => startsWith(bytes, p.magic));
  if (program) return { ok: false, reason: `The file is ${program.name}, not a document. ${WRONG_TYPE}.` };
  if (startsWith(bytes, [...ascii("%PDF-")])) {
    const version = String.fromCharCode(...bytes.subarray(5, 8));
    if (!/^[12]\.\d$/.test(version)) return { ok: false, reason: `The file starts like a PDF but has no PDF version. ${WRONG_TYPE}.` };
    const tailStart = Math.max(0, bytes.length - TAIL);
    const eof = lastIndexOf(bytes, ascii("%%EOF"), tailStart);
    const startXref = eof < 0 ? -1 : lastIndexOf(bytes.subarray(0, eof), ascii("startxref"), Math.max(0, tailStart - TAIL));
    if (eof < 0 || startXref < 0) return { ok: false, reason: `The PDF is cut short: it has no trailer (startxref, %%EOF) at its end. ${WRONG_TYPE}.` };
    return { ok: true, contentType: PDF_MEDIA };
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    if (!startsWith(bytes, PNG_IHDR, 8) || !startsWith(bytes, PNG_IEND, bytes.length - PNG_IEND.length)) {
      return { ok: false, reason: `The PNG is damaged or cut short. ${WRONG_TYPE}.` };
    }
    return { ok: true, contentType: PNG_MEDIA };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const end = lastIndexOf(bytes, Uint8Array.of(0xff, 0xd9), Math.max(0, bytes.length - TAIL));
    if (bytes.length < 4 || bytes[3] < 0xc0 || end < 0) return { ok: false, reason: `The JPEG is damaged or cut short. ${WRONG_TYPE}.` };
    return { ok: true, contentType: JPEG_MEDIA };
  }
  return { ok: false, reason: `The file is not a PDF, a JPEG or a PNG by its content, whatever its name. ${WRONG_TYPE}.` };
}

/** The extension a file of the type is saved with. */
export const EXTENSIONS: Record<SupportingFileType, string> = { [PDF_MEDIA]: ".pdf", [JPEG_MEDIA]: ".jpg", [PNG_MEDIA]: ".png" };

/**
 * A file's name as kept: the last part of a path, no control characters, at most 120 characters; "file" when
 * nothing is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).at(-1) ?? "";
  // deno-lint-ignore no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(-120);
  return clean || "file";
}

/** The name as an HTTP header may carry it (printable ASCII, no quotes), with the extension its type has. */
export function headerFileName(name: string, type: SupportingFileType): string {
  const ext = EXTENSIONS[type];
  const base = cleanFileName(name).replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return base.toLowerCase().endsWith(ext) || (type === JPEG_MEDIA && base.toLowerCase().endsWith(".jpeg")) ? base : `${base}${ext}`;
}
