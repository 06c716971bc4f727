import type { Db } from "../../../../db/client.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { type ReportQuery, reportRange } from "./schemas.ts";
import { schedulesForReport } from "./service.ts";

/**
 * voyage_schedule.xlsx: every voyage departing in the range (Manila dates), for the download and for
 * `lading export voyages`. An end left out is filled in by reportRange(), so a request without dates gets the
 * weeks around today at once instead of nothing.
 */
export async function voyageScheduleWorkbook(db: Db, query: ReportQuery, now = new Date()): Promise<{ file: DownloadFile; voyages: number }> {
  const range = reportRange(query, manilaToday(now));
  const rows = await schedulesForReport(db, range);
  return { file: await buildDocument("voyageSchedule", rows), voyages: rows.length };
}
