import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { idParam } from "../../../shared/contracts.ts";
import { soundingReportWorkbook } from "./documents.ts";
import { voyageNumParam } from "../schedules/schemas.ts";
import { soundingInput, soundingReport, soundingReportQuery, soundingRow } from "./schemas.ts";
import { createSounding, deleteSounding, soundingReport as buildReport, soundingsOfVoyage, updateSounding } from "./service.ts";

const tag = "Voyages";
const written = z.object({ data: soundingRow, message: z.string() });

export const soundingRoutes: RouteDef[] = [
  route({
    method: "get", path: "/VoyageSoundings/ofVoyage/{n}", permission: "VOYAGE", tag, params: voyageNumParam,
    summary: "The soundings taken on a voyage, in the order they were taken",
    response: z.object({ data: z.array(soundingRow) }),
  }, ({ deps, params }) => soundingsOfVoyage(deps.db, params.n)),
  route({
    method: "post", path: "/VoyageSoundings/create", permission: "VOYAGE", tag, body: soundingInput, status: 201,
    summary: "Record a departure sounding (origin or a port of call) or an arrival sounding (a port of call); one of each per port",
    response: written,
  }, ({ deps, body, caller }) => createSounding(deps.db, caller, body)),
  route({
    method: "put", path: "/VoyageSoundings/update/{id}", permission: "VOYAGE", tag, params: idParam, body: soundingInput,
    summary: "Correct a sounding under the same rules",
    response: written,
  }, ({ deps, params, body, caller }) => updateSounding(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/VoyageSoundings/delete/{id}", permission: "VOYAGE", tag, params: idParam,
    summary: "Remove a sounding",
    response: z.object({ message: z.string() }),
  }, ({ deps, params }) => deleteSounding(deps.db, params.id)),
  route({
    method: "get", path: "/VoyageSoundings/report", permission: "SOUNDING_REPORT", tag, query: soundingReportQuery,
    summary: "The sounding report of a vessel for a month: each voyage's departure and final arrival soundings and what it used",
    response: soundingReport,
  }, ({ deps, query }) => buildReport(deps.db, query)),
  route({
    method: "get", path: "/VoyageSoundings/report/download", permission: "SOUNDING_REPORT", tag, query: soundingReportQuery,
    summary: "The sounding report as an Excel workbook",
  }, async ({ deps, query }) => fileResponse(await soundingReportWorkbook(deps.db, query))),
];
