import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "./context.ts";

/** A directory gets the file name the web app downloads under. */
export function outputPath(file: string, defaultName: string): string {
  try {
    if (statSync(file).isDirectory()) return path.join(file, defaultName);
  } catch {
    // Not there yet: it is the file to create.
  }
  return file;
}

export function writeOutput(file: string, bytes: Uint8Array): void {
  try {
    writeFileSync(file, bytes);
  } catch (err) {
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  }
}
