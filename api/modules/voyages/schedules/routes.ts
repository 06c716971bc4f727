import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { activationQuery, deleteBody, idParam } from "../../../shared/contracts.ts";
import { croStatusBody, reportQuery, scheduleInput, scheduleListQuery, scheduleRow, scheduleUpdate, vesselHistoryQuery, voyageNumParam } from "./schemas.ts";
import { voyageScheduleWorkbook } from "./documents.ts";
import { vesselHistory } from "./vessel-history.ts";
import {
  activateSchedule,
  approveSchedule,
  createSchedule,
  deleteSchedules,
  listSchedules,
  scheduleByNumber,
  updateCroStatus,
  updateSchedule,
} from "./service.ts";

const tag = "Voyages";
const permission = "VOYAGE";
const written = z.object({ data: scheduleRow, message: z.string() });

export const voyageScheduleRoutes: RouteDef[] = [
  route({
    method: "get", path: "/VoyageSchedules/load", permission, tag, query: scheduleListQuery,
    summary: "Voyages by departure date range (Manila), branch (origin or a call) and vessel, newest departure first",
    response: z.object({ data: z.array(scheduleRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query }) => listSchedules(deps.db, query)),
  route({
    method: "get", path: "/VoyageSchedules/getVoyageV1/{n}", permission, tag, params: voyageNumParam,
    summary: "One voyage by number with its vessel, branches and destinations",
    response: z.object({ data: scheduleRow }),
  }, async ({ deps, params }) => ({ data: await scheduleByNumber(deps.db, params.n) })),
  route({
    method: "get", path: "/VoyageSchedules/get/{n}", permission: "authenticated", tag, params: voyageNumParam,
    summary: "One voyage by number, for the screens of other modules that name a voyage",
    response: z.object({ data: scheduleRow }),
  }, async ({ deps, params }) => ({ data: await scheduleByNumber(deps.db, params.n) })),
  route({
    method: "post", path: "/VoyageSchedules/createcheduleV1", permission, tag, body: scheduleInput, status: 201,
    summary: "Schedule a voyage: a vessel on an active route, destinations of the route in its order, each ETA after the one before",
    response: written,
  }, ({ deps, body, caller }) => createSchedule(deps.db, caller, body)),
  route({
    method: "put", path: "/VoyageSchedules/updateV1/{id}", permission, tag, params: idParam, body: scheduleUpdate,
    summary: "Change a voyage and its destinations under the same rules; a dateModified older than the voyage's is a 409",
    response: written,
  }, ({ deps, params, body, caller }) => updateSchedule(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/VoyageSchedules/delete", permission, tag, body: deleteBody,
    summary: "Delete voyages nothing has been recorded on yet (409 otherwise: deactivate them instead)",
    response: z.object({ message: z.string() }),
  }, ({ deps, body }) => deleteSchedules(deps.db, body)),
  route({
    method: "put", path: "/VoyageSchedules/activate/{id}", permission, tag, params: idParam, query: activationQuery,
    summary: "Activate or deactivate a voyage",
    response: written,
  }, ({ deps, params, query, caller }) => activateSchedule(deps.db, caller, params.id, query.isActive)),
  route({
    method: "put", path: "/VoyageSchedules/approve/{id}", permission, tag, params: idParam,
    summary: "Approve a voyage; approving it again changes nothing",
    response: written,
  }, ({ deps, params, caller }) => approveSchedule(deps.db, caller, params.id)),
  route({
    method: "put", path: "/VoyageSchedules/updateCROStatus/{id}", permission, tag, params: idParam, body: croStatusBody,
    summary: "Set where the cargo release of a voyage stands (Open or Closed)",
    response: written,
  }, ({ deps, params, body, caller }) => updateCroStatus(deps.db, caller, params.id, body.croStatus)),
  route({
    method: "get", path: "/VoyageSchedules/GenerateReports", permission, tag, query: reportQuery,
    summary: "voyage_schedule.xlsx: every voyage departing from DateFrom to DateTo (Manila dates, at most 366 days); " +
      "without dates the 30 days either side of today, with one date 60 days from it",
  }, async ({ deps, query }) => fileResponse((await voyageScheduleWorkbook(deps.db, query)).file)),
  route({
    method: "get", path: "/VoyageSchedules/vesselHistory", permission, tag, query: vesselHistoryQuery,
    summary: "The vessel history report: a vessel's voyages departing in the period, planned ETD and ETAs beside the ATD and ATAs recorded, minutes late",
  }, ({ deps, query }) => vesselHistory(deps.db, query)),
];
