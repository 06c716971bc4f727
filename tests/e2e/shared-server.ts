import { inject } from "vitest";

/**
 * The address of the shared server this file's worker uses. Global setup starts one server per browser worker,
 * so the files that run at the same time never share a server, an administrator or the demo line's data, while
 * the files of one worker follow each other on theirs as they did when every file ran on one server.
 */
export function sharedBaseURL(): string {
  const urls = inject("baseURLs");
  // Vitest numbers its workers from 1 up to the project's maxWorkers, the number of servers global setup started.
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const url = urls[worker - 1];
  if (!url) throw new Error(`Browser worker ${worker} has no shared server of its own: global setup started ${urls.length}.`);
  return url;
}
