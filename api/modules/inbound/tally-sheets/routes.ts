import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import {
  captureTallyLine, createTallySheet, finalizeTallySheet, removeTallyLine, sheetByNum, tallySheetContracts as c, tallySheetPdf, tallyViewOf, undoFinalTally,
  updateTallySheet,
} from "../../outbound/index.ts";
import { voyageNumParam } from "../unload-lists/schemas.ts";
import { UNLOADING_SIDE as side } from "./side.ts";

const tag = "Inbound";
const permission = "INBOUND";
const written = z.object({ data: c.tallySheetRow, message: z.string() });

/** Inbound (unloading) tally sheets (001 §7 InBound: inbound tally sheet): the outbound tally's calls on the Unloading side. */
export const inboundTallySheetRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/tallySheet/voyage/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "What the unloading tally screen of a voyage counts with: the caller's ports' sheets and vans, the waybills on their unload lists, their truckers and yards",
    response: z.object({ data: c.tallyView }),
  }, ({ deps, params, caller }) => tallyViewOf(deps.db, caller, params.voyageNum, side)),
  route({
    method: "post", path: "/InBound/tallySheet/create", permission, tag, body: c.createTallySheetBody, status: 201,
    summary: "Open the unloading tally sheet of a voyage at one of its ports of call: numbered from that branch's TS series",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createTallySheet(deps.db, caller, body, side)),
  route({
    method: "get", path: "/InBound/tallySheet/read/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam,
    summary: "One unloading tally sheet with the vans counted on it",
    response: z.object({ data: c.tallySheetRow }),
  }, async ({ deps, params, caller }) => ({ data: await sheetByNum(deps.db, params.tallySheetNum, caller, side) })),
  route({
    method: "put", path: "/InBound/tallySheet/update/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam, body: c.updateTallySheetBody,
    summary: "The time started, time finished and remarks of an open unloading sheet",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateTallySheet(deps.db, caller, params.tallySheetNum, body, side)),
  route({
    method: "post", path: "/InBound/tallySheet/line/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam, body: c.tallyEntryBody, status: 201,
    summary: "Count one van off the vessel (201); the same entryId sent again answers the line it made (200). 409 when the van was counted meanwhile, the sheet made final or the waybill taken off the unload list",
    response: z.object({ data: c.tallyLineRow, message: z.string() }), errors: [409],
  }, async ({ c: ctx, deps, params, body, caller }) => {
    const result = await captureTallyLine(deps.db, caller, params.tallySheetNum, body, side);
    return ctx.json({ data: result.data, message: result.message }, result.created ? 201 : 200);
  }),
  route({
    method: "put", path: "/InBound/tallySheet/removeLine/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam, body: c.removeLineBody,
    summary: "Take a counted van back off an open unloading sheet; the line is kept with who took it back",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => removeTallyLine(deps.db, caller, params.tallySheetNum, body.entryId, side)),
  route({
    method: "put", path: "/InBound/tallySheet/final/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam, body: c.finalTallyBody,
    summary: "The final inbound tally: locks the sheet and records stage 6 for each counted booking, the start of its free days",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => finalizeTallySheet(deps.db, caller, params.tallySheetNum, body, {}, side)),
  route({
    method: "put", path: "/InBound/tallySheet/undo/{tallySheetNum}", permission: "TALLY_SHEET_UNDO", tag, params: c.tallySheetNumParam, body: c.undoFinalTallyBody,
    summary: "Undo a final inbound tally (tally sheet undo role, with the reason): the sheet reopens, stage 6 withdrawn",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => undoFinalTally(deps.db, caller, params.tallySheetNum, body, side)),
  route({
    method: "get", path: "/InBound/tallySheet/print/{tallySheetNum}", permission, tag, params: c.tallySheetNumParam,
    summary: "The unloading tally sheet as a PDF (A4 landscape)",
  }, async ({ deps, params, caller }) => fileResponse(await tallySheetPdf(deps.db, caller, params.tallySheetNum, side))),
];
