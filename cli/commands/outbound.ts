import { mkdirSync, statSync } from "node:fs";
import type { Command } from "commander";
import { VOYAGE_REPORT_NAMES, VOYAGE_REPORTS, type VoyageReportName, voyageReportFiles } from "../../api/modules/outbound/index.ts";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";
import { exportGroup } from "./export.ts";

/** A directory to write into: made when missing, refused when a file is there. */
function directory(out: string): string {
  try {
    if (!statSync(out).isDirectory()) throw new CliError(`${out} is a file; --out names the directory the reports go to.`);
  } catch (err) {
    if (err instanceof CliError) throw err;
    mkdirSync(out, { recursive: true });
  }
  return out;
}

/**
 * `lading export voyage <voyageNum> --report ...`: the voyage's documents as the web's Reports panel downloads
 * them, from the same services, written into a directory. The command prints originals (it is nobody's copy).
 */
export function registerOutboundCommands(program: Command, ctx: CliContext): void {
  const names = VOYAGE_REPORT_NAMES.join("|");
  exportGroup(program).command("voyage")
    .description(`write a voyage's reports: ${VOYAGE_REPORT_NAMES.map((n) => `${n} (${VOYAGE_REPORTS[n].title.toLowerCase()})`).join(", ")}`)
    .argument("<voyageNum>", "the voyage's number, e.g. VOY-MNL-2026-000001")
    .option("--report <name...>", `which reports (${names}); every one when left out`)
    .option("--out <directory>", "directory to write the files into (made when missing)", ".")
    .action((voyageNum: string, opts: { report?: string[]; out: string }) =>
      withDatabase(ctx, async (handle) => {
        const asked = (opts.report ?? VOYAGE_REPORT_NAMES).flatMap((r) => r.split(/[,|]/)).map((r) => r.trim()).filter(Boolean);
        const unknown = asked.filter((r) => !(VOYAGE_REPORT_NAMES as string[]).includes(r));
        if (unknown.length > 0) throw new CliError(`Unknown report ${unknown.join(", ")}: choose from ${names}.`);
        const out = directory(opts.out);
        const files = await voyageReportFiles(handle.db, { ...EVERY_BRANCH, isDat: true }, voyageNum, [...new Set(asked)] as VoyageReportName[]);
        for (const f of files) saveFile(ctx, out, f.file, f.count, f.noun);
      })
    );
}
