import { mkdirSync, statSync } from "node:fs";
import type { Command } from "commander";
import { loadListWorkbook, VOYAGE_REPORT_NAMES, VOYAGE_REPORTS, type VoyageReportName, voyageReportFiles } from "../../api/modules/outbound/index.ts";
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

/** The load list's workbook goes with the voyage's documents, after the build-up report as the issue lists them. */
const LOAD_LIST = "load-list";
const REPORT_NAMES = () => [VOYAGE_REPORT_NAMES[0], LOAD_LIST, ...VOYAGE_REPORT_NAMES.slice(1)];
const titleOf = (name: string) => (name === LOAD_LIST ? "Load list" : VOYAGE_REPORTS[name as VoyageReportName].title);

/**
 * `lading export voyage <voyageNum> --report ...`: the voyage's documents and its load list as the web downloads
 * them, from the same services, written into a directory in the order asked. The command prints originals (it is
 * nobody's copy) and reads every voyage.
 */
export function registerOutboundCommands(program: Command, ctx: CliContext): void {
  const all = REPORT_NAMES();
  const names = all.join("|");
  exportGroup(program).command("voyage")
    .description(`write a voyage's reports: ${all.map((n) => `${n} (${titleOf(n).toLowerCase()})`).join(", ")}`)
    .argument("<voyageNum>", "the voyage's number, e.g. VOY-MNL-2026-000001")
    .option("--report <name...>", `which reports (${names}); every one when left out`)
    .option("--out <directory>", "directory to write the files into (made when missing)", ".")
    .action((voyageNum: string, opts: { report?: string[]; out: string }) =>
      withDatabase(ctx, async (handle) => {
        const asked = [...new Set((opts.report ?? all).flatMap((r) => r.split(/[,|]/)).map((r) => r.trim()).filter(Boolean))];
        const unknown = asked.filter((r) => !all.includes(r));
        if (unknown.length > 0) throw new CliError(`Unknown report ${unknown.join(", ")}: choose from ${names}.`);
        const out = directory(opts.out);
        const reader = { ...EVERY_BRANCH, isDat: true };
        // The voyage's documents come from one reading of the voyage, the load list from its own.
        const documents = asked.filter((r): r is VoyageReportName => r !== LOAD_LIST);
        const files = documents.length > 0 ? await voyageReportFiles(handle.db, reader, voyageNum, documents) : [];
        const loadList = asked.includes(LOAD_LIST) ? await loadListWorkbook(handle.db, reader, voyageNum) : null;
        for (const name of asked) {
          if (name === LOAD_LIST) saveFile(ctx, out, loadList!.file, loadList!.waybills, "waybill");
          // The build-up report answers two files, its printout and its workbook; every other report one.
          else for (const f of files.filter((x) => x.report === name)) saveFile(ctx, out, f.file, f.count, f.noun);
        }
      })
    );
}
