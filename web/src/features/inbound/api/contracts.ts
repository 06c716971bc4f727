/** The inbound screens' reach into the API's inbound module for contracts: types for free. */
export type { UnloadListView, UnloadListWaybill, UnloadReleaseDetail, UnloadReleaseRow } from "../../../../../api/modules/inbound/unload-lists/schemas.ts";
export type { WriteResult } from "../../../../../api/shared/contracts.ts";
