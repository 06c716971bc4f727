import { api, API_BASE, requestFile } from "../../../lib/api.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import type { OutboundVoyageRow, VoyageReportSummary } from "../../../../../api/modules/outbound/voyage-documents/schemas.ts";
import type { LoadingState } from "./loading-contracts.ts";

/**
 * The calls of the outbound voyage list, the one list the outbound screens start from, and its Reports panel
 * (001 §7 OutBound: voyage listings per branch; §9 the build-up report and the voyage's exports). The contracts
 * come straight from the module's schemas.
 */

export type { OutboundVoyageRow, VoyageReportSummary };
export { OUTBOUND_VOYAGE_PAGE_SIZE } from "../../../../../api/modules/outbound/voyage-documents/rules.ts";

const ref = (value: string) => encodeURIComponent(value);

export interface OutboundVoyageQuery {
  skip: number;
  take: number;
  search?: string;
  /** Only the voyages whose loading stands here. */
  state?: LoadingState;
}

export const loadOutboundVoyages = (query: OutboundVoyageQuery) => api.post<ListResult<OutboundVoyageRow>>("/OutBound/voyages/load", query);

export const readVoyageReportSummary = (voyageNum: string) =>
  api.get<{ data: VoyageReportSummary }>(`/OutBound/voyageReports/summary/${ref(voyageNum)}`);

/** The build-up report's PDF, opened in a new tab (the session cookie goes along). */
export const buildupPrintUrl = (voyageNum: string) => `${API_BASE}/OutBound/voyageReports/buildup/${ref(voyageNum)}`;

/** The voyage's workbooks, each by the call that builds it and the name it downloads under. */
export const VOYAGE_WORKBOOKS = [
  { path: "buildupExcel", fileName: "Buildup.xlsx", title: "Build-up", about: "every waybill of the voyage" },
  { path: "coastingManifest", fileName: "Coasting_Manifest.xlsx", title: "Coasting manifest", about: "the cargo counted onto the vessel" },
  { path: "loadingReport", fileName: "Loading_Report.xlsx", title: "Loading report", about: "full vans by size, rolling cargo and breakbulk" },
  { path: "emptyContainers", fileName: "Empty_Container_Report.xlsx", title: "Empty container report", about: "the empty vans on board" },
  { path: "costingManifest", fileName: "Cargo_Costing_Manifest.xlsx", title: "Cargo costing manifest", about: "charges by part and payment side" },
] as const;
export type VoyageWorkbook = (typeof VOYAGE_WORKBOOKS)[number];

export const downloadVoyageWorkbook = (workbook: VoyageWorkbook, voyageNum: string) =>
  requestFile(`/OutBound/voyageReports/${workbook.path}/${ref(voyageNum)}`);
