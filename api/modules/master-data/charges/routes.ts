import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { codeParam, listFilters, optionalCode, pageAnswer, requiredCode, tag } from "../route-shapes.ts";
import { dateModifiedField } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { STRIPPING_TYPE_CODES } from "../../../shared/reference-lists.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { CHARGE_CATEGORIES, chargeContract, chargeServicesMatrixContract, companyPolicyContract } from "../schemas.ts";
import {
  allCharges,
  itemCodeFromBase,
  itemCodesOf,
  listCharges,
  listMatrices,
  listPolicies,
  multipleInsert,
  type MultipleInsertInput,
  policiesInForce,
  policiesOfCode,
  readCharge,
  replaceItemCodes,
  strippingStuffingSelection,
} from "./service.ts";


// ------------------------------------------------------------------------------------------------- shapes

/** One accounting item code of a charge at a branch. */
export const itemCodeInput = z.object({
  chargeCode: optionalCode("Charge code"),
  branchCode: requiredCode("Branch"),
  itemCode: z.string({ error: "Item code is required" }).trim().min(1, "Item code is required").max(40, "Item code can be at most 40 characters"),
  description: z.string({ error: "Description must be text" }).trim().max(200, "Description can be at most 200 characters").default(""),
});
const itemCodeList = z.array(itemCodeInput, { error: "Item codes must be a list" }).max(200, "A charge can hold at most 200 item codes");
const itemCodeRow = itemCodeInput.omit({ chargeCode: true }).extend({
  id: z.number(), chargeCode: z.string(), userCreated: z.string().nullable(), userModified: z.string().nullable(),
  dateCreated: z.string(), dateModified: z.string(),
});

/** A matrix row sent with its charge: the charge code may be left out, it is the charge's own. */
const matrixInput = chargeServicesMatrixContract.input.extend({ chargeCode: optionalCode("Charge code") });
const matrixRow = chargeServicesMatrixContract.row.extend({ chargeName: z.string(), serviceModeName: z.string(), cargoTypeName: z.string() });
const chargeWithDetails = chargeContract.row.extend({ itemCodes: z.array(itemCodeRow), servicesMatrix: z.array(matrixRow) });

// The earlier client sent the charge wrapped in a one-element list; both spellings are taken.
const multipleInsertBody = z.object({
  tblCharges: z.preprocess((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v), chargeContract.input),
  createItemCodes: itemCodeList.default([]),
  tblChargeServicesMatrix: z.array(matrixInput, { error: "tblChargeServicesMatrix must be a list" })
    .max(200, "A charge can hold at most 200 matrix entries").default([]),
});

/** The whole new list, with the charge's dateModified as loaded (409 when someone saved since). */
const itemCodesBody = z.object({ itemCodes: itemCodeList, dateModified: dateModifiedField });

const strippingCodes = STRIPPING_TYPE_CODES.map((s) => s.code) as [string, ...string[]];
const strippingBody = z.object({
  strippingType: z.enum(strippingCodes, { error: `strippingType must be one of ${strippingCodes.join(", ")}` }).optional(),
  branchCode: optionalCode("Branch"),
});

const policyCodes = z.array(requiredCode("Policy code"), { error: "Give the policy codes as a list" })
  .min(1, "Give at least one policy code").max(100, "Ask for at most 100 policy codes at a time");
const policyByListBody = z.preprocess(
  (v) => (Array.isArray(v) ? { codes: v } : v),
  z.object({ codes: policyCodes, date: dateText("date").optional() }),
);

const chargeCategories = [...CHARGE_CATEGORIES] as [string, ...string[]];

/** Calls of the charges part of master data beyond the shared pattern (000 §3 and §7, 001 §5 and §9). */
export const chargesRoutes: RouteDef[] = [
  // ---------------------------------------------------------------------------------------------- charges
  route({
    method: "post", path: "/Charges/multipleInsert", permission: "MASTERDATA", tag, body: multipleInsertBody, status: 201,
    summary: "Create a charge with its item codes and matrix entries, all or nothing (409 for a taken code)",
    response: z.object({ data: chargeWithDetails, message: z.string() }),
  }, ({ deps, body, caller }) => multipleInsert(deps.db, body as unknown as MultipleInsertInput, caller)),

  route({
    method: "get", path: "/Charges/getAllCharges", permission: "authenticated", tag,
    summary: "Every charge, active or not, each with its item codes",
    response: pageAnswer(chargeContract.row.extend({ itemCodes: z.array(itemCodeRow) })),
  }, ({ deps }) => allCharges(deps.db)),

  route({
    method: "get", path: "/Charges", permission: "authenticated", tag,
    query: listFilters.extend({
      category: z.enum(chargeCategories, { error: `category must be one of ${chargeCategories.join(", ")}` }).optional(),
      branchCode: optionalCode("branchCode"),
    }),
    summary: "Charges matching search, status, category and branch, unpaged (no applied branches means every branch)",
    response: pageAnswer(chargeContract.row),
  }, ({ deps, query }) => listCharges(deps.db, query)),

  route({
    method: "get", path: "/Charges/readByCode/{code}", permission: "authenticated", tag, params: codeParam,
    summary: "One charge by code with its item codes and matrix entries (404 when unknown)",
    response: z.object({ data: chargeWithDetails }),
  }, async ({ deps, params }) => ({ data: await readCharge(deps.db, params.code) })),

  route({
    method: "get", path: "/Charges/itemCodes/{code}", permission: "authenticated", tag, params: codeParam,
    summary: "The item codes of one charge, by branch (404 when the charge is unknown)",
    response: pageAnswer(itemCodeRow),
  }, ({ deps, params }) => itemCodesOf(deps.db, params.code)),

  route({
    method: "put", path: "/Charges/itemCodes/{code}", permission: "MASTERDATA", tag, params: codeParam, body: itemCodesBody,
    summary: "Replace the item codes of one charge with the list sent (one per branch; all or nothing); dateModified is the charge's as loaded (409 when stale)",
    response: z.object({ data: z.array(itemCodeRow), charge: z.object({ dateModified: z.string() }), message: z.string() }),
  }, ({ deps, params, body, caller }) => replaceItemCodes(deps.db, params.code, body, caller)),

  route({
    method: "post", path: "/Charges/getItemCodeFromBase", permission: "authenticated", tag,
    body: z.object({ chargeCode: requiredCode("Charge code"), branchCode: requiredCode("Branch") }),
    summary: "The accounting item code of a charge at a branch: BASE's answer when BASE is configured (kept as the local mirror), else the mirror's (404 when missing)",
    response: z.object({
      data: z.object({
        chargeCode: z.string(), chargeName: z.string(), branchCode: z.string(), branchName: z.string(),
        itemCode: z.string(), description: z.string(), source: z.enum(["BASE", "mirror"]),
      }),
    }),
  }, async ({ deps, body }) => ({ data: await itemCodeFromBase(deps.db, body, deps.baseDirectory) })),

  route({
    method: "post", path: "/Charges/getStrippingStuffingSelection", permission: "authenticated", tag, body: strippingBody,
    summary: "Active stripping and stuffing charges with their stripping type; ALL answers both 010 and 011",
    response: z.object({
      data: z.array(z.object({
        code: z.string(), name: z.string(), printName: z.string(), category: z.string(), chargeClass: z.string(),
        unitOfMeasure: z.string(), appliedBranches: z.array(z.string()), strippingType: z.string().nullable(),
        strippingTypeName: z.string().nullable(), selections: z.array(z.string()),
      })),
      strippingTypes: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  }, ({ deps, body }) => strippingStuffingSelection(deps.db, body as never)),

  // ---------------------------------------------------------------------------------- charge-services matrix
  route({
    method: "get", path: "/ChargeServicesMatrices", permission: "authenticated", tag,
    // 000 §7 names this call "list" among path words.
    aliases: [{ method: "get", path: "/ChargeServicesMatrices/list" }],
    query: listFilters.extend({
      chargeCode: optionalCode("chargeCode"),
      serviceModeCode: optionalCode("serviceModeCode"),
      cargoTypeCode: optionalCode("cargoTypeCode"),
    }),
    summary: "Matrix entries matching the filters, unpaged, with charge, service mode and cargo type names",
    response: pageAnswer(matrixRow),
  }, ({ deps, query }) => listMatrices(deps.db, query)),

  // ---------------------------------------------------------------------------------------- company policies
  route({
    method: "get", path: "/CompanyPolicies", permission: "authenticated", tag,
    aliases: [{ method: "get", path: "/CompanyPolicies/list" }],
    query: listFilters.extend({ code: optionalCode("code") }),
    summary: "Company policy versions matching the filters, unpaged, newest date effective first within a code",
    response: pageAnswer(companyPolicyContract.row),
  }, ({ deps, query }) => listPolicies(deps.db, query)),

  route({
    method: "get", path: "/CompanyPolicies/ReadListByCode/{code}", permission: "authenticated", tag, params: codeParam,
    summary: "Every version of one policy code, newest date effective first",
    response: pageAnswer(companyPolicyContract.row),
  }, ({ deps, params }) => policiesOfCode(deps.db, params.code)),

  route({
    method: "post", path: "/CompanyPolicies/getByList", permission: "authenticated", tag, body: policyByListBody,
    // A read, so clients written from 000 §7 (lists use GET) call it with GET: ?codes=C0004,C0005&date=...
    aliases: [{ method: "get", path: "/CompanyPolicies/getByList" }],
    summary: "The version in force today (or on `date`) of each policy code sent; codes without one come back in `missing`",
    response: z.object({ data: z.array(companyPolicyContract.row), missing: z.array(z.string()), date: z.string() }),
  }, ({ deps, body }) => policiesInForce(deps.db, body.codes, body.date ?? manilaDate(new Date()))),
];
