import { type Command, Option } from "commander";
import type { Db } from "../../db/client.ts";
import { portFilters, portService } from "../../api/modules/master-data/index.ts";
import { listQuery, MAX_TAKE } from "../../api/shared/contracts.ts";
import { buildPortsWorkbook, PORTS_XLSX_NAME } from "../../templates/exports/ports.ts";
import { buildPortsListPdf, PORTS_PDF_NAME } from "../../templates/documents/ports-list.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { formatCsv, formatTable } from "../format.ts";
import { saveFile } from "../output.ts";

type PortRow = Awaited<ReturnType<typeof portService.load>>["data"][number];

interface FilterOptions {
  search?: string;
  branch?: string;
  status: "active" | "inactive" | "all";
}

/** The list query of the ports route; built when first used, since master data's index imports this file. */
let filterQuery: ReturnType<typeof listQuery.extend<typeof portFilters.shape>> | undefined;

function addFilterOptions(command: Command): Command {
  return command
    .option("--search <text>", "only ports whose code, name, branch or location contains this")
    .option("--branch <code>", "only ports of this branch code")
    .addOption(new Option("--status <status>", "active, inactive or all ports").choices(["active", "inactive", "all"]).default("all"));
}

/** Every matching port, read a page at a time as the API serves them, in the API's order. */
async function loadAllPorts(db: Db, opts: FilterOptions): Promise<PortRow[]> {
  filterQuery ??= listQuery.extend(portFilters.shape);
  const base = filterQuery.parse({ search: opts.search, filter: opts.status, branchCode: opts.branch, take: MAX_TAKE });
  const rows: PortRow[] = [];
  for (let skip = 0;; skip += MAX_TAKE) {
    const page = await portService.load(db, { ...base, skip });
    rows.push(...page.data);
    if (page.data.length < MAX_TAKE || rows.length >= page.total) return rows;
  }
}

export function registerPortCommands(program: Command, ctx: CliContext): void {
  const ports = program.command("ports").description("the ports of master data");

  addFilterOptions(
    ports.command("list")
      .description("print the ports of master data, one line each: code, name, branch, location and status; as a table, JSON or CSV, filtered by text, branch or status")
      .addOption(new Option("--format <format>", "table for reading, json as the API answers, csv for spreadsheets").choices(["table", "json", "csv"]).default("table")),
  ).action((opts: FilterOptions & { format: "table" | "json" | "csv" }) =>
    withDatabase(ctx, async (handle) => {
      const rows = await loadAllPorts(handle.db, opts);
      if (opts.format === "json") {
        ctx.print(JSON.stringify(rows, null, 2));
      } else if (opts.format === "csv") {
        ctx.write(formatCsv(["code", "name", "branchCode", "location", "isActive"], rows.map((r) => [r.code, r.name, r.branchCode, r.location, r.isActive])) + "\r\n");
      } else {
        ctx.print(formatTable(["Code", "Name", "Branch", "Location", "Status"], rows.map((r) => [r.code, r.name, r.branchCode, r.location, r.isActive ? "Active" : "Inactive"])));
        ctx.print(`${rows.length} port${rows.length === 1 ? "" : "s"}`);
      }
    })
  );

  addFilterOptions(
    ports.command("export")
      .description(`write the ports as an Excel workbook (${PORTS_XLSX_NAME}) and/or an A4 PDF list (${PORTS_PDF_NAME})`)
      .option("--xlsx <file>", "workbook to write (a directory gets " + PORTS_XLSX_NAME + ")")
      .option("--pdf <file>", "PDF to write (a directory gets " + PORTS_PDF_NAME + ")")
      .option("--generated-by <name>", "name printed on the PDF (default: your login name)"),
  ).action((opts: FilterOptions & { xlsx?: string; pdf?: string; generatedBy?: string }) => {
    if (!opts.xlsx && !opts.pdf) throw new CliError("Say what to write: --xlsx <file>, --pdf <file>, or both.");
    return withDatabase(ctx, async (handle) => {
      const rows = await loadAllPorts(handle.db, opts);
      if (opts.xlsx) saveFile(ctx, opts.xlsx, { bytes: buildPortsWorkbook(rows), fileName: PORTS_XLSX_NAME }, rows.length, "port");
      if (opts.pdf) {
        const generatedBy = opts.generatedBy || ctx.env.USER || ctx.env.USERNAME || "lading";
        saveFile(ctx, opts.pdf, { bytes: buildPortsListPdf(rows, { generatedBy, generatedAt: new Date() }), fileName: PORTS_PDF_NAME }, rows.length, "port");
      }
    });
  });
}
