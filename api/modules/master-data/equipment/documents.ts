import type { Db } from "../../../../db/client.ts";
import { type DownloadFile, workbookFile } from "../../../shared/files.ts";
import { truckingsForExport } from "./service.ts";

/** The trucking master as Trucking_List.xlsx, matching the list screen's search when one is given. */
export async function truckingsWorkbook(db: Db, options: { search?: string } = {}): Promise<DownloadFile> {
  // The workbook library is large and only this download needs it, so it loads on the first one.
  const [template, rows] = await Promise.all([import("../../../../templates/exports/truckings.ts"), truckingsForExport(db, options)]);
  return workbookFile(template.buildTruckingsWorkbook(rows), template.TRUCKINGS_XLSX_NAME);
}
