import type { Db } from "../../../../db/client.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { SoundingReportQuery } from "./schemas.ts";
import { soundingReport } from "./service.ts";

/** The monthly sounding report of a vessel as a workbook named for the vessel and the month. */
export async function soundingReportWorkbook(db: Db, query: SoundingReportQuery): Promise<DownloadFile> {
  return await buildDocument("soundingReport", await soundingReport(db, query));
}
