import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { linkBase } from "../../../http/security.ts";
import { voyageNumParam } from "../load-lists/schemas.ts";
import { tallySheetPdf } from "./documents.ts";
import {
  createTallySheetBody, finalTallyBody, removeLineBody, tallyEntryBody, tallyLineRow, tallySheetNumParam, tallySheetRow, tallyView, undoFinalTallyBody,
  updateTallySheetBody,
} from "./schemas.ts";
import {
  captureTallyLine, createTallySheet, finalizeTallySheet, removeTallyLine, sheetByNum, tallyViewOf, undoFinalTally, updateTallySheet,
} from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const written = z.object({ data: tallySheetRow, message: z.string() });

/** Loading tally sheets (001 §7 OutBound: tally sheet, final tally sheet). */
export const tallySheetRoutes: RouteDef[] = [
  route({
    method: "get", path: "/OutBound/tallySheet/voyage/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "What the tally screen of a voyage counts with: its loading sheets and their vans, the waybills on its load list, the origin's truckers and yards",
    response: z.object({ data: tallyView }),
  }, ({ deps, params, caller }) => tallyViewOf(deps.db, caller, params.voyageNum)),
  route({
    method: "post", path: "/OutBound/tallySheet/create", permission, tag, body: createTallySheetBody, status: 201,
    summary: "Open the loading tally sheet of a voyage for one port of call: number from the origin branch's TS series",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createTallySheet(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/tallySheet/read/{tallySheetNum}", permission, tag, params: tallySheetNumParam,
    summary: "One tally sheet with the vans counted on it",
    response: z.object({ data: tallySheetRow }),
  }, async ({ deps, params, caller }) => ({ data: await sheetByNum(deps.db, params.tallySheetNum, caller) })),
  route({
    method: "put", path: "/OutBound/tallySheet/update/{tallySheetNum}", permission, tag, params: tallySheetNumParam, body: updateTallySheetBody,
    summary: "The time started, time finished and remarks of an open sheet",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateTallySheet(deps.db, caller, params.tallySheetNum, body)),
  route({
    method: "post", path: "/OutBound/tallySheet/line/{tallySheetNum}", permission, tag, params: tallySheetNumParam, body: tallyEntryBody, status: 201,
    summary: "Count one van (201); the same entryId sent again answers the line it made (200). 409 when the van was counted meanwhile, the sheet made final or the waybill taken off the list",
    response: z.object({ data: tallyLineRow, message: z.string() }), errors: [409],
  }, async ({ c, deps, params, body, caller }) => {
    const result = await captureTallyLine(deps.db, caller, params.tallySheetNum, body);
    return c.json({ data: result.data, message: result.message }, result.created ? 201 : 200);
  }),
  route({
    method: "put", path: "/OutBound/tallySheet/removeLine/{tallySheetNum}", permission, tag, params: tallySheetNumParam, body: removeLineBody,
    summary: "Take a counted van back off an open sheet; the line is kept with who took it back",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => removeTallyLine(deps.db, caller, params.tallySheetNum, body.entryId)),
  route({
    method: "put", path: "/OutBound/tallySheet/final/{tallySheetNum}", permission, tag, params: tallySheetNumParam, body: finalTallyBody,
    summary: "The final tally: locks the sheet; its waybills Loaded, its bookings At Vessel Loaded (stage 4), the voyage's final-tally date; then the loading confirmations",
    response: written, errors: [409],
  }, ({ c, deps, params, body, caller }) => finalizeTallySheet(deps.db, caller, params.tallySheetNum, body, { linkBase: linkBase(c, deps.config) })),
  route({
    method: "put", path: "/OutBound/tallySheet/undo/{tallySheetNum}", permission: "TALLY_SHEET_UNDO", tag, params: tallySheetNumParam, body: undoFinalTallyBody,
    summary: "Undo a final tally (tally sheet undo role, with the reason): the sheet reopens and its waybills and bookings go back, stage 4 withdrawn",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => undoFinalTally(deps.db, caller, params.tallySheetNum, body)),
  route({
    method: "get", path: "/OutBound/tallySheet/print/{tallySheetNum}", permission, tag, params: tallySheetNumParam,
    summary: "The tally sheet as a PDF (A4 landscape)",
  }, async ({ deps, params, caller }) => fileResponse(await tallySheetPdf(deps.db, caller, params.tallySheetNum))),
];
