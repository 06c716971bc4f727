import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DownloadFile } from "../api/shared/files.ts";
import { type CliContext, CliError } from "./context.ts";

/** A directory gets the file name the web app downloads under. */
function outputPath(file: string, defaultName: string): string {
  try {
    if (statSync(file).isDirectory()) return path.join(file, defaultName);
  } catch {
    // Not there yet: it is the file to create.
  }
  return file;
}

function writeOutput(file: string, bytes: Uint8Array): void {
  try {
    writeFileSync(file, bytes);
  } catch (err) {
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  }
}

/**
 * How every command writes a file: `out` names the file, or a directory that gets the file's own name; then it
 * says how many of what went where ("Wrote 3 ports to ./ports.xlsx"). Answers the path written.
 */
export function saveFile(ctx: CliContext, out: string, file: Pick<DownloadFile, "bytes" | "fileName">, count: number, noun: string): string {
  const target = outputPath(out, file.fileName);
  writeOutput(target, file.bytes);
  ctx.print(`Wrote ${count} ${noun}${count === 1 ? "" : "s"} to ${target}`);
  return target;
}
