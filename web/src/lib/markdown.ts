/**
 * The small part of Markdown the release notes are written in, read into pieces a component renders as React
 * elements: no HTML string is ever made, so a note cannot inject markup. A line is one item of a release (the
 * server joins a bullet's lines), so only the inline marks matter: **bold**, *emphasis*, `code` and
 * [links](address). A heading's or a bullet's leading marks ("## ", "- ") are dropped. An unmatched mark stays
 * as typed.
 */

export type InlinePiece =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: InlinePiece[] }
  | { kind: "em"; children: InlinePiece[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: InlinePiece[] };

/** Addresses a note may link to: the web, mail, or a page of the app itself. Anything else stays text. */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

/** The line without the marks that begin a heading or a bullet. */
function withoutBlockMarks(line: string): string {
  return line.replace(/^\s*#{1,6}\s+/, "").replace(/^\s*[-*+]\s+/, "");
}

export function parseInline(line: string): InlinePiece[] {
  return inline(withoutBlockMarks(line));
}

function inline(text: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let plain = "";
  const flush = () => {
    if (plain) pieces.push({ kind: "text", text: plain });
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    // Code first: nothing inside backticks is a mark.
    const code = /^`([^`]+)`/.exec(rest);
    if (code) {
      flush();
      pieces.push({ kind: "code", text: code[1]! });
      i += code[0].length;
      continue;
    }
    const strong = /^\*\*(?=\S)([\s\S]*?\S)\*\*/.exec(rest) ?? /^__(?=\S)([\s\S]*?\S)__/.exec(rest);
    if (strong) {
      flush();
      pieces.push({ kind: "strong", children: inline(strong[1]!) });
      i += strong[0].length;
      continue;
    }
    const em = /^\*(?=[^\s*])([^*]*?[^\s*])\*/.exec(rest) ?? /^_(?=[^\s_])([^_]*?[^\s_])_(?![A-Za-z0-9])/.exec(rest);
    // An underscore inside a word (snake_case) is not emphasis.
    const wordBefore = i > 0 && /[A-Za-z0-9]/.test(text[i - 1]!);
    if (em && !(rest.startsWith("_") && wordBefore)) {
      flush();
      pieces.push({ kind: "em", children: inline(em[1]!) });
      i += em[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      flush();
      const children = inline(link[1]!);
      if (SAFE_HREF.test(link[2]!)) pieces.push({ kind: "link", href: link[2]!, children });
      else pieces.push(...children);
      i += link[0].length;
      continue;
    }
    plain += text[i];
    i += 1;
  }
  flush();
  return pieces;
}

/** The words a reader sees, without the marks: what a rendered line's text content is. */
export function plainText(pieces: readonly InlinePiece[]): string {
  return pieces.map((p) => (p.kind === "text" || p.kind === "code" ? p.text : plainText(p.children))).join("");
}

/** A line of Markdown as the reader sees its words. */
export const markdownText = (line: string): string => plainText(parseInline(line));
