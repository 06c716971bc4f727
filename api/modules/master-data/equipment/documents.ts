import type { Db } from "../../../../db/client.ts";
import { buildDocumentFromPages } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import { truckingPagesForExport } from "./service.ts";

/** The trucking master as Trucking_List.xlsx, matching the list screen's search when one is given. */
export async function truckingsWorkbook(db: Db, options: { search?: string } = {}): Promise<DownloadFile> {
  return await buildDocumentFromPages("truckingList", truckingPagesForExport(db, options));
}
