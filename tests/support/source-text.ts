/**
 * Where a regular-expression literal that opens at `start` (its "/") closes: the index of its closing "/", or of
 * the line's end for an unclosed one, minding escapes and character classes. Shared by the source scanners of
 * the boundary and status-write tests.
 */
export function regexLiteralEnd(source: string, start: number): number {
  let j = start + 1;
  let inClass = false;
  while (j < source.length && source[j] !== "\n") {
    if (source[j] === "\\") j++;
    else if (source[j] === "[") inClass = true;
    else if (source[j] === "]") inClass = false;
    else if (source[j] === "/" && !inClass) break;
    j++;
  }
  return j;
}
