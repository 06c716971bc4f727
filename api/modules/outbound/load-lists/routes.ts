import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { loadListPdf, loadListWorkbook } from "./documents.ts";
import {
  createReleaseBody, loadListFileQuery, loadListView, moveReleaseBody, releaseDetail, releaseIdParam, updateReleaseBody, voyageNumParam,
} from "./schemas.ts";
import { cancelRelease, createRelease, loadListOf, releaseByNum, releaseLoadList, updateRelease } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const written = z.object({ data: releaseDetail, message: z.string() });

/** Load lists (001 §7 OutBound: load list). The voyages being loaded are listed by voyage-documents/ (/OutBound/voyages/load). */
export const loadListRoutes: RouteDef[] = [
  route({
    method: "get", path: "/OutBound/loadList/voyage/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "A voyage's load list: the voyage, its releases and the Draft waybills waiting for one",
    response: z.object({ data: loadListView }),
  }, ({ deps, params, caller }) => loadListOf(deps.db, caller, params.voyageNum)),
  route({
    method: "post", path: "/OutBound/loadList/create", permission, tag, body: createReleaseBody, status: 201,
    summary: "Open a release of a voyage's load list at its origin: number from the origin branch's RL series, Partial Release",
    response: written,
  }, ({ deps, body, caller }) => createRelease(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/loadList/read/{releaseId}", permission, tag, params: releaseIdParam,
    summary: "One release with the waybills on it and those taken off it",
    response: z.object({ data: releaseDetail }),
  }, async ({ deps, params, caller }) => ({ data: await releaseByNum(deps.db, params.releaseId, caller) })),
  route({
    method: "put", path: "/OutBound/loadList/update/{releaseId}", permission, tag, params: releaseIdParam, body: updateReleaseBody,
    summary: "Load list update: status 'add' puts a Draft waybill on the release (On Load List, stage 2), any other status takes one off (Draft)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateRelease(deps.db, caller, params.releaseId, body)),
  route({
    method: "put", path: "/OutBound/loadList/release/{releaseId}", permission, tag, params: releaseIdParam, body: moveReleaseBody,
    summary: "Release a release (Final Release): its waybills no longer change",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => releaseLoadList(deps.db, caller, params.releaseId, body)),
  route({
    method: "put", path: "/OutBound/loadList/cancel/{releaseId}", permission, tag, params: releaseIdParam, body: moveReleaseBody,
    summary: "Cancel a release (Draft): every waybill on it goes back to Draft and off the list",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => cancelRelease(deps.db, caller, params.releaseId, body)),
  route({
    method: "get", path: "/OutBound/loadList/print/{voyageNum}", permission, tag, params: voyageNumParam, query: loadListFileQuery,
    summary: "The load list as a PDF (A4 landscape): every release of the voyage that stands, or the release named",
  }, async ({ deps, params, query, caller }) => fileResponse(await loadListPdf(deps.db, caller, params.voyageNum, query.releaseId))),
  route({
    method: "get", path: "/OutBound/loadList/export/{voyageNum}", permission, tag, params: voyageNumParam, query: loadListFileQuery,
    summary: "Load_List.xlsx: the same waybills, on a sheet named by the voyage's remarks, number, route and final-tally date",
  }, async ({ deps, params, query, caller }) => fileResponse((await loadListWorkbook(deps.db, caller, params.voyageNum, query.releaseId)).file)),
];
