import type { Command } from "commander";
import { customersForExport, truckingsForExport } from "../../api/modules/master-data/index.ts";
import { reportQuery, voyageScheduleWorkbook } from "../../api/modules/voyages/index.ts";
import { buildCustomersWorkbook, CUSTOMERS_XLSX_NAME } from "../../templates/exports/customers.ts";
import { buildTruckingsWorkbook, TRUCKINGS_XLSX_NAME } from "../../templates/exports/truckings.ts";
import { VOYAGE_SCHEDULE_XLSX_NAME } from "../../templates/exports/voyage-schedule.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";

interface ExportOptions {
  search?: string;
  out: string;
}

/**
 * The master-data downloads of the web app, written by the same templates from the same service calls. A function,
 * since master data's index imports this file: the services are read when the commands are registered.
 */
const masterDataExports = () => [
  {
    name: "customers",
    noun: "customer",
    fileName: CUSTOMERS_XLSX_NAME,
    rows: customersForExport,
    build: buildCustomersWorkbook as (rows: never[]) => Uint8Array,
  },
  {
    name: "truckings",
    noun: "trucker",
    fileName: TRUCKINGS_XLSX_NAME,
    rows: truckingsForExport,
    build: buildTruckingsWorkbook as (rows: never[]) => Uint8Array,
  },
] as const;

/** The `export` command group, made by whichever module registers an export first. */
export function exportGroup(program: Command): Command {
  return program.commands.find((c) => c.name() === "export") ??
    program.command("export").description("write a master-data list as the Excel workbook the web app downloads");
}

/** `lading export customers|truckings`, registered by master data. */
export function registerMasterDataExports(program: Command, ctx: CliContext): void {
  const exportCommand = exportGroup(program);
  for (const spec of masterDataExports()) {
    exportCommand.command(spec.name)
      .description(`write ${spec.fileName}`)
      .option("--search <text>", "only records matching this text, as the list screen's search")
      .option("--out <file>", `workbook to write (a directory gets ${spec.fileName})`, ".")
      .action((opts: ExportOptions) =>
        withDatabase(ctx, async (handle) => {
          const rows = await spec.rows(handle.db, { search: opts.search });
          saveFile(ctx, opts.out, { bytes: spec.build(rows as never[]), fileName: spec.fileName }, rows.length, spec.noun);
        })
      );
  }
}

/** `lading export voyages`, registered by voyages. */
export function registerVoyageExports(program: Command, ctx: CliContext): void {
  exportGroup(program).command("voyages")
    .description(`write ${VOYAGE_SCHEDULE_XLSX_NAME}: the voyages departing from --from to --to (Manila dates; without them the 30 days either side of today)`)
    .option("--from <YYYY-MM-DD>", "first departure date (default: 60 days before --to, or 30 days ago)")
    .option("--to <YYYY-MM-DD>", "last departure date (default: 60 days after --from, or 30 days ahead)")
    .option("--out <file>", `workbook to write (a directory gets ${VOYAGE_SCHEDULE_XLSX_NAME})`, ".")
    .action((opts: { from?: string; to?: string; out: string }) =>
      withDatabase(ctx, async (handle) => {
        const range = reportQuery.safeParse({ DateFrom: opts.from, DateTo: opts.to });
        if (!range.success) throw new CliError(range.error.issues.map((i) => i.message).join("; "));
        const { file, voyages } = await voyageScheduleWorkbook(handle.db, range.data);
        saveFile(ctx, opts.out, file, voyages, "voyage");
      })
    );
}
