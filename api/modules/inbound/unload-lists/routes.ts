import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { unloadListPdf } from "./documents.ts";
import {
  createUnloadReleaseBody, moveUnloadReleaseBody, releaseIdParam, unloadListFileQuery, unloadListView, unloadReleaseDetail, updateUnloadReleaseBody,
  voyageNumParam,
} from "./schemas.ts";
import { cancelUnloadRelease, createUnloadRelease, releaseUnloadList, unloadListOf, unloadReleaseByNum, updateUnloadRelease } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";
const written = z.object({ data: unloadReleaseDetail, message: z.string() });

/** Unload lists by release (001 §7 InBound: unload list by release). */
export const unloadListRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/unloadList/voyage/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The unload list of a voyage at the caller's ports of call: its releases, newest first, and the loaded waybills waiting for one",
    response: z.object({ data: unloadListView }),
  }, ({ deps, params, caller }) => unloadListOf(deps.db, caller, params.voyageNum)),
  route({
    method: "post", path: "/InBound/unloadList/create", permission, tag, body: createUnloadReleaseBody, status: 201,
    summary: "Open a release of a voyage's unload list at one of its ports of call (Partial Release), numbered from that branch's UL series",
    response: written,
  }, ({ deps, body, caller }) => createUnloadRelease(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/unloadList/read/{releaseId}", permission, tag, params: releaseIdParam,
    summary: "One unload release with the waybills on it and those taken off it",
    response: z.object({ data: unloadReleaseDetail }),
  }, async ({ deps, params, caller }) => ({ data: await unloadReleaseByNum(deps.db, params.releaseId, caller) })),
  route({
    method: "put", path: "/InBound/unloadList/update/{releaseId}", permission, tag, params: releaseIdParam, body: updateUnloadReleaseBody,
    summary: "The unload list update: status 'add' puts a loaded waybill on the release (stage 5), any other takes it off",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateUnloadRelease(deps.db, caller, params.releaseId, body)),
  route({
    method: "put", path: "/InBound/unloadList/release/{releaseId}", permission, tag, params: releaseIdParam, body: moveUnloadReleaseBody,
    summary: "Release it (Final Release)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => releaseUnloadList(deps.db, caller, params.releaseId, body)),
  route({
    method: "put", path: "/InBound/unloadList/cancel/{releaseId}", permission, tag, params: releaseIdParam, body: moveUnloadReleaseBody,
    summary: "Cancel it (Cancelled): its waybills go off the list, stage 5 withdrawn",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => cancelUnloadRelease(deps.db, caller, params.releaseId, body)),
  route({
    method: "get", path: "/InBound/unloadList/print/{voyageNum}", permission, tag, params: voyageNumParam, query: unloadListFileQuery,
    summary: "The unload list PDF (A4 landscape) of a port of call, or of one release",
  }, async ({ deps, params, query, caller }) => fileResponse(await unloadListPdf(deps.db, caller, params.voyageNum, query))),
];
