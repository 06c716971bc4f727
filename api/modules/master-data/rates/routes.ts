import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { codeParam, listFilters, optionalCode, optionalTrueFalse, requiredCode, tag, wholeListQuery } from "../route-shapes.ts";
import { dateText } from "../../../shared/fields.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { RATE_UNITS } from "../../../shared/reference-lists.ts";
import { freightRateContract, portRateContract, truckingRateContract } from "../schemas.ts";
import {
  FREIGHT,
  freightRateInForce,
  listRates,
  type PlainListQuery,
  PORT,
  portRateInForce,
  type RateKind,
  ratesGroupedByCharge,
  ratesOfCharge,
  TRUCKING,
  truckingRateInForce,
  type Window,
} from "./service.ts";

const unitIds = RATE_UNITS.map((u) => u.id) as [string, ...string[]];

/**
 * The date asked about (today in Manila when left out) and, optionally, a unit and quantity to price. Unit and
 * quantity come together or not at all, so a half-given amount is refused instead of silently ignored.
 */
const pricingQuery = z.object({
  date: dateText("date").optional(),
  unit: z.enum(unitIds, { error: `unit must be one of ${unitIds.join(", ")}` }).optional(),
  quantity: z.string().trim().regex(/^\d+(\.\d+)?$/, "quantity must be a number of 0 or more").optional(),
});

function pricing<T extends z.infer<typeof pricingQuery>>(q: T) {
  return { ...q, date: q.date ?? manilaDate(new Date()), unit: q.unit as never };
}

const unitWithQuantity = <T extends { unit?: string; quantity?: string }>(q: T, ctx: z.RefinementCtx) => {
  if ((q.unit === undefined) !== (q.quantity === undefined)) {
    const missing = q.unit === undefined ? "unit" : "quantity";
    ctx.addIssue({ code: "custom", path: [missing], message: "unit and quantity must be given together" });
  }
};


const amountShape = z.object({
  unit: z.string(), quantity: z.string(), amountWvat: z.string(), net: z.string(), vat: z.string(),
});
const answer = (row: z.ZodType) =>
  z.object({ data: z.object({ rate: row, rateWvat: z.string(), net: z.string(), vat: z.string(), amount: amountShape.optional() }) });

interface Resource {
  kind: RateKind;
  resource: string;
  row: z.ZodType;
  /** Filter query parameters of the plain and grouped lists. */
  filters: z.ZodObject;
  /** What a lane of the grouped list holds besides its count and newest date. */
  laneFields: string[];
}

const resources: Resource[] = [
  {
    kind: FREIGHT, resource: freightRateContract.resource, row: freightRateContract.row,
    laneFields: ["portCodeOrigin", "portCodeDestination", "branchCodeOrigin", "branchCodeDestination"],
    filters: z.object({
      chargeCode: optionalCode("chargeCode"),
      portCodeOrigin: optionalCode("portCodeOrigin"),
      portCodeDestination: optionalCode("portCodeDestination"),
      branchCodeOrigin: optionalCode("branchCodeOrigin"),
      branchCodeDestination: optionalCode("branchCodeDestination"),
    }),
  },
  {
    kind: PORT, resource: portRateContract.resource, row: portRateContract.row,
    laneFields: ["branchCode", "portCode"],
    filters: z.object({
      chargeCode: optionalCode("chargeCode"),
      branchCode: optionalCode("branchCode"),
      portCode: optionalCode("portCode"),
    }),
  },
  {
    kind: TRUCKING, resource: truckingRateContract.resource, row: truckingRateContract.row,
    laneFields: ["areaCode", "portCode", "branchCode"],
    filters: z.object({
      chargeCode: optionalCode("chargeCode"),
      areaCode: optionalCode("areaCode"),
      portCode: optionalCode("portCode"),
      branchCode: optionalCode("branchCode"),
    }),
  },
];


/** The plain list, the list of one charge and the grouped list: alike for freight, port and trucking rates. */
function listRoutes(r: Resource): RouteDef[] {
  const label = r.kind.label.toLowerCase();
  const lane = z.object({
    ...Object.fromEntries(r.laneFields.map((f) => [f, z.string().nullable()])),
    count: z.number(),
    latestDateEffective: z.string(),
  });
  return [
    route({
      method: "get", path: `/${r.resource}`, permission: "authenticated", tag, query: wholeListQuery.extend(r.filters.shape),
      // 000 §7 names this call "list" among path words.
      aliases: [{ method: "get", path: `/${r.resource}/list` }],
      summary: `The ${label}s matching the filters (up to 200 at a time), newest first within each placement`,
      response: z.object({ data: z.array(r.row), total: z.number(), message: z.string().optional() }),
    }, ({ deps, query }) => listRates(deps.db, r.kind, query as PlainListQuery & Window)),
    route({
      method: "get", path: `/${r.resource}/ReadListByCode/{code}`, permission: "authenticated", tag, params: codeParam,
      query: wholeListQuery.pick({ skip: true, take: true }),
      summary: `The ${label}s of one charge code (up to 200 at a time), newest date effective first (404 when the charge is unknown)`,
      response: z.object({ data: z.array(r.row), total: z.number(), message: z.string().optional() }),
    }, ({ deps, params, query }) => ratesOfCharge(deps.db, r.kind, params.code, query)),
    route({
      method: "get", path: `/${r.resource}/groupByCharge`, permission: "authenticated", tag,
      query: listFilters.extend(r.filters.shape),
      summary: `One entry per charge code with its ${label} count, active count, newest date and lanes`,
      response: z.object({
        data: z.array(z.object({
          chargeCode: z.string(), chargeName: z.string(), count: z.number(), activeCount: z.number(),
          latestDateEffective: z.string(), lanes: z.array(lane),
        })),
        total: z.number(),
        message: z.string().optional(),
      }),
    }, ({ deps, query }) => ratesGroupedByCharge(deps.db, r.kind, query)),
  ];
}

/** Calls of the rates part of master data beyond the shared pattern (000 §3 and §7, 001 §9). */
export const ratesRoutes: RouteDef[] = [
  ...resources.flatMap(listRoutes),

  route({
    method: "get", path: "/FreightRates/rateInForce", permission: "authenticated", tag,
    query: pricingQuery.extend({
      chargeCode: requiredCode("chargeCode"),
      portCodeOrigin: requiredCode("portCodeOrigin"),
      portCodeDestination: requiredCode("portCodeDestination"),
      branchCodeOrigin: optionalCode("branchCodeOrigin"),
      branchCodeDestination: optionalCode("branchCodeDestination"),
    }).superRefine(unitWithQuantity),
    summary: "The freight rate of a charge from one port to another in force on a date (404 when none is)",
    response: answer(freightRateContract.row),
  }, async ({ deps, query }) => ({ data: await freightRateInForce(deps.db, pricing(query)) })),

  route({
    method: "get", path: "/PortRates/rateInForce", permission: "authenticated", tag,
    query: pricingQuery.extend({
      chargeCode: requiredCode("chargeCode"),
      portCode: requiredCode("portCode"),
      branchCode: optionalCode("branchCode"),
    }).superRefine(unitWithQuantity),
    summary: "The port rate of a charge at a port in force on a date (404 when none is)",
    response: answer(portRateContract.row),
  }, async ({ deps, query }) => ({ data: await portRateInForce(deps.db, pricing(query)) })),

  route({
    method: "get", path: "/TruckingRates/rateInForce", permission: "authenticated", tag,
    query: pricingQuery.extend({
      chargeCode: requiredCode("chargeCode"),
      areaCode: requiredCode("areaCode"),
      portCode: requiredCode("portCode"),
      branchCode: optionalCode("branchCode"),
      backload: optionalTrueFalse("backload"),
      tandem: optionalTrueFalse("tandem"),
    }).superRefine(unitWithQuantity),
    summary:
      "The trucking rate of a charge for an area in force on a date; ?backload=true or ?tandem=true give that trip's rate (404 when the rate in force has none)",
    response: z.object({
      data: answer(truckingRateContract.row).shape.data.extend({ trip: z.enum(["standard", "backload", "tandem"]) }),
    }),
  }, async ({ deps, query }) => ({ data: await truckingRateInForce(deps.db, pricing(query)) })),
];
