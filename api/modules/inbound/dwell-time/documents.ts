import type { Db } from "../../../../db/client.ts";
import type { BranchScope } from "../../../shared/branch-scope.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { DwellTimeQuery, DwellTimeReport } from "./schemas.ts";
import { dwellTimeReport } from "./service.ts";

/** The dwell time report as Dwell_Time_{from}_{to}.xlsx, built in the document pool; with the answer it was made from. */
export async function dwellTimeWorkbook(db: Db, scope: BranchScope, query: DwellTimeQuery): Promise<{ file: DownloadFile; report: DwellTimeReport }> {
  const report = await dwellTimeReport(db, scope, query);
  return { file: await buildDocument("dwellTime", report), report };
}
