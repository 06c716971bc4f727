import { Code } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { type InlinePiece, parseInline } from "../lib/markdown.ts";

function render(pieces: readonly InlinePiece[]): ReactNode[] {
  return pieces.map((piece, n) => {
    switch (piece.kind) {
      case "text":
        return piece.text;
      case "code":
        return <Code key={n}>{piece.text}</Code>;
      case "strong":
        return <strong key={n}>{render(piece.children)}</strong>;
      case "em":
        return <em key={n}>{render(piece.children)}</em>;
      case "link": {
        // A page of the app opens in place; anything else in a new tab, without handing it this window.
        const external = !piece.href.startsWith("/");
        return (
          <a key={n} href={piece.href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {render(piece.children)}
          </a>
        );
      }
    }
  });
}

/** One line of Markdown (a release note) shown with its formatting; see lib/markdown.ts for what it reads. */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{render(parseInline(text))}</>;
}
