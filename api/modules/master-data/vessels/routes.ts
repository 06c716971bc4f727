import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { auditRowFields } from "../../../shared/fields.ts";
import { removedAnswer, requiredCode, tag, writeAnswer } from "../route-shapes.ts";
import { dateModifiedField, idParam } from "../../../shared/contracts.ts";
import { stowagePlanInput, stowageSlot, stowageTemplateInput } from "../schemas.ts";
import {
  createStowagePlan,
  createStowageTemplate,
  deleteStowagePlan,
  deleteStowageTemplate,
  getStowageTemplate,
  listStowageTemplates,
  profitCenterOfVessel,
  readVesselByCode,
  stowagePlansOfVessel,
  updateStowagePlan,
  updateStowageTemplate,
  vesselsForVesselChange,
} from "./service.ts";

const vesselCodeParam = z.object({ vesselCode: requiredCode("Vessel code") });
const codeParam = z.object({ code: requiredCode("Vessel code") });

const gridRow = { rows: z.number(), columns: z.number(), slots: z.array(stowageSlot) };
const planRow = z.object({ vesselCode: z.string(), name: z.string(), ...gridRow, ...auditRowFields });
const templateRow = z.object({ code: z.string(), name: z.string(), ...gridRow, ...auditRowFields });
const vesselRow = z.object({
  code: z.string(), name: z.string(), vesselType: z.string(), capacityTeu: z.number(), grossTonnage: z.string().nullable(),
  profitCenter: z.string(), ...auditRowFields,
});

// Updates carry the dateModified the editor loaded, so a second editor cannot silently overwrite the first.
const planUpdate = stowagePlanInput.extend({ dateModified: dateModifiedField });
const templateUpdate = stowageTemplateInput.extend({ dateModified: dateModifiedField });

/** Calls of the vessels part of master data beyond the shared pattern (000 §7, Vessels). */
export const vesselsRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Vessels/readByCode/{code}", permission: "MASTERDATA", tag, params: codeParam,
    summary: "One vessel by its code (the read screen's address)", response: z.object({ data: vesselRow }),
  }, async ({ deps, params }) => ({ data: await readVesselByCode(deps.db, params.code) })),

  route({
    method: "get", path: "/Vessels/getVesselForVesselChange", permission: "authenticated", tag,
    query: z.object({
      vesselCode: z.string().trim().max(30, "vesselCode can be at most 30 characters").optional(),
      search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
    }),
    summary: "Active vessels a voyage can change to (the current vessel, given as vesselCode, left out)",
    response: z.object({ data: z.array(vesselRow) }),
  }, async ({ deps, query }) => ({ data: await vesselsForVesselChange(deps.db, query) })),

  route({
    method: "post", path: "/Vessels/getProfitCenterFromBase", permission: "authenticated", tag,
    body: z.object({ vesselCode: requiredCode("Vessel code") }),
    summary: "The accounting profit center of a vessel: BASE's answer when BASE is configured (kept as the local mirror), else the mirror's (404 when missing)",
    response: z.object({ data: z.object({ vesselCode: z.string(), vesselName: z.string(), profitCenter: z.string(), source: z.enum(["BASE", "mirror"]) }) }),
  }, async ({ deps, body }) => ({ data: await profitCenterOfVessel(deps.db, body.vesselCode, deps.baseDirectory) })),

  // Stowage plans. Reading them is open to any signed-in user: the outbound stowage screen draws them.
  route({
    method: "get", path: "/Vessels/stowagePlans/{vesselCode}", permission: "authenticated", tag, params: vesselCodeParam,
    summary: "Every stowage plan of one vessel (404 for an unknown vessel)", response: z.object({ data: z.array(planRow) }),
  }, async ({ deps, params }) => ({ data: await stowagePlansOfVessel(deps.db, params.vesselCode) })),
  route({
    method: "post", path: "/Vessels/CreateVesselStowagePlan", permission: "MASTERDATA", tag, body: stowagePlanInput, status: 201,
    summary: "Create a stowage plan of a vessel; a grid with overlapping, out-of-bounds or duplicate slots is refused",
    response: writeAnswer(planRow),
  }, ({ deps, body, caller }) => createStowagePlan(deps.db, body, caller)),
  route({
    method: "put", path: "/Vessels/updateStowagePlan/{id}", permission: "MASTERDATA", tag, params: idParam, body: planUpdate,
    summary: "Replace a stowage plan's grid and slots; dateModified must be the one loaded (409 when stale)",
    response: writeAnswer(planRow),
  }, ({ deps, params, body, caller }) => updateStowagePlan(deps.db, params.id, body, caller)),
  route({
    method: "delete", path: "/Vessels/deleteStowagePlan/{id}", permission: "MASTERDATA", tag, params: idParam,
    summary: "Delete one stowage plan", response: removedAnswer,
  }, ({ deps, params }) => deleteStowagePlan(deps.db, params.id)),

  // Stowage templates: reusable grids a plan can start from.
  route({
    method: "get", path: "/Vessels/stowageTemplates", permission: "MASTERDATA", tag,
    query: z.object({ search: z.string().trim().max(100, "search can be at most 100 characters").optional() }),
    summary: "Every stowage template (optionally narrowed by code or name)", response: z.object({ data: z.array(templateRow) }),
  }, async ({ deps, query }) => ({ data: await listStowageTemplates(deps.db, query) })),
  route({
    method: "get", path: "/Vessels/getStowageTemplate/{id}", permission: "MASTERDATA", tag, params: idParam,
    summary: "One stowage template", response: z.object({ data: templateRow }),
  }, async ({ deps, params }) => ({ data: await getStowageTemplate(deps.db, params.id) })),
  route({
    method: "post", path: "/Vessels/CreateStowageTemplate", permission: "MASTERDATA", tag, body: stowageTemplateInput, status: 201,
    summary: "Create a stowage template; the same grid checks as a plan", response: writeAnswer(templateRow),
  }, ({ deps, body, caller }) => createStowageTemplate(deps.db, body, caller)),
  route({
    method: "put", path: "/Vessels/updateStowageTemplate/{id}", permission: "MASTERDATA", tag, params: idParam, body: templateUpdate,
    summary: "Replace a stowage template; dateModified must be the one loaded (409 when stale)", response: writeAnswer(templateRow),
  }, ({ deps, params, body, caller }) => updateStowageTemplate(deps.db, params.id, body, caller)),
  route({
    method: "delete", path: "/Vessels/deleteStowageTemplate/{id}", permission: "MASTERDATA", tag, params: idParam,
    summary: "Delete one stowage template", response: removedAnswer,
  }, ({ deps, params }) => deleteStowageTemplate(deps.db, params.id)),
];
