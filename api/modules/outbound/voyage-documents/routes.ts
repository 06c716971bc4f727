import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { buildupPdf, buildupWorkbook, coastingManifest, costingManifest, emptyContainerReport, loadingReport } from "./documents.ts";
import { outboundVoyageListQuery, outboundVoyageRow, voyageNumParam, voyageReportSummary } from "./schemas.ts";
import { listOutboundVoyages, outboundVoyage, voyageReportSummary as summaryOf } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";

/**
 * The outbound voyage list, the one list the outbound screens start from, and the voyage's documents (001 §7
 * OutBound: voyage listings per branch; §9 build-up report, Buildup.xlsx, Coasting_Manifest.xlsx,
 * Loading_Report.xlsx, the empty container report and the cost manifest). A voyage is seen by the staff of the
 * branches it leaves from and calls at.
 */
export const voyageDocumentRoutes: RouteDef[] = [
  route({
    method: "post", path: "/OutBound/voyages/load", permission, tag, body: outboundVoyageListQuery,
    summary: "The outbound voyage list: active voyages leaving from or calling at the caller's branches, latest departure first, 20 a page, with their waybills, where their loading and stowage stand (filtered by state), and whether the caller works at the origin",
    response: z.object({ data: z.array(outboundVoyageRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listOutboundVoyages(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/voyages/get/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "One voyage as the outbound list shows it",
    response: z.object({ data: outboundVoyageRow }),
  }, async ({ deps, params, caller }) => ({ data: await outboundVoyage(deps.db, params.voyageNum, caller) })),
  route({
    method: "get", path: "/OutBound/voyageReports/summary/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The voyage report header, the workbooks' sheet name and how many waybills, vans on board and empties the reports hold",
    response: z.object({ data: voyageReportSummary }),
  }, async ({ deps, params, caller }) => ({ data: await summaryOf(deps.db, params.voyageNum, caller) })),
  route({
    method: "get", path: "/OutBound/voyageReports/buildup/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The build-up report as a PDF (A4 landscape); a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await buildupPdf(deps.db, caller, params.voyageNum))),
  route({
    method: "get", path: "/OutBound/voyageReports/buildupExcel/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "Buildup.xlsx: every waybill of the voyage that is not cancelled",
  }, async ({ deps, params, caller }) => fileResponse(await buildupWorkbook(deps.db, caller, params.voyageNum))),
  route({
    method: "get", path: "/OutBound/voyageReports/coastingManifest/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "Coasting_Manifest.xlsx: the cargo counted onto the vessel",
  }, async ({ deps, params, caller }) => fileResponse(await coastingManifest(deps.db, caller, params.voyageNum))),
  route({
    method: "get", path: "/OutBound/voyageReports/loadingReport/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "Loading_Report.xlsx: full vans by size ('n x 20 FULLS LOADED'), rolling cargo and breakbulk with their TEU and goods",
  }, async ({ deps, params, caller }) => fileResponse(await loadingReport(deps.db, caller, params.voyageNum))),
  route({
    method: "get", path: "/OutBound/voyageReports/emptyContainers/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The empty container report ('n x 20 EMPTIES') as Empty_Container_Report.xlsx",
  }, async ({ deps, params, caller }) => fileResponse(await emptyContainerReport(deps.db, caller, params.voyageNum))),
  route({
    method: "get", path: "/OutBound/voyageReports/costingManifest/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The cargo costing manifest as Cargo_Costing_Manifest.xlsx: each waybill's charges by part and payment side, with totals",
  }, async ({ deps, params, caller }) => fileResponse(await costingManifest(deps.db, caller, params.voyageNum))),
];
