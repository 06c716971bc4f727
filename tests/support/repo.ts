import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root folder, for the tests that read its files or start its programs. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
