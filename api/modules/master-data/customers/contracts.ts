import { z } from "zod";
import { listQuery, MAX_TAKE } from "../../../shared/contracts.ts";
import { dateText, decimal, flag, money, ref, text } from "../../../shared/fields.ts";
import { customerContract } from "../schemas.ts";

/**
 * Shapes of the customer calls beyond the shared pattern (000 §7 Customers). Imports only zod and the field
 * builders, so the web app can use the same shapes.
 */

/** A pick-up or delivery address of a customer; the customer code is taken from the customer itself. */
export const customerAddressInput = z.object({
  label: text("Address label", { max: 60, required: false }).schema,
  street: text("Street", { max: 200, required: false }).schema,
  barangay: text("Barangay", { max: 120, required: false }).schema,
  city: text("City or municipality", { max: 120 }).schema,
  province: text("Province", { max: 120 }).schema,
  zipCode: text("Zip code", { max: 10, required: false }).schema,
  areaCode: ref("Area", "areas", { required: false }).schema,
  isDefault: flag("Default address").schema,
});
export type CustomerAddressInput = z.output<typeof customerAddressInput>;

/** A charge agreed with the customer at a fixed amount. */
export const customerChargeInput = z.object({
  chargeCode: ref("Charge", "Charges").schema,
  amount: money("Amount").schema,
});
export type CustomerChargeInput = z.output<typeof customerChargeInput>;

const addressList = z.array(customerAddressInput, { error: "addresses must be a list" })
  .max(50, "A customer can have at most 50 addresses")
  .superRefine((list, ctx) => {
    if (list.filter((a) => a.isDefault).length > 1) {
      ctx.addIssue({ code: "custom", message: "Only one address can be the default", path: [] });
    }
  });

const chargeList = z.array(customerChargeInput, { error: "charges must be a list" })
  .max(200, "A customer can have at most 200 agreed charges")
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((charge, i) => {
      const key = charge.chargeCode.toUpperCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `Charge ${charge.chargeCode} is listed twice`, path: [i, "chargeCode"] });
      seen.add(key);
    });
  });

export const createWithDetailsBody = customerContract.input.extend({
  addresses: addressList.default([]),
  charges: chargeList.default([]),
});
export type CreateWithDetailsInput = z.output<typeof createWithDetailsBody>;

/** Addresses or charges left out stay as they are; a list given replaces the customer's whole list. */
export const updateWithDetailsBody = customerContract.update.extend({
  addresses: addressList.optional(),
  charges: chargeList.optional(),
});
export type UpdateWithDetailsInput = z.output<typeof updateWithDetailsBody>;

const booleanish = (label: string) =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], { error: `${label} must be true or false` });

/** POST /Customers/load: the list screen's filter form. */
export const customerLoadBody = z.object({
  skip: z.coerce.number({ error: "skip must be a number" }).int("skip must be a whole number").min(0, "skip cannot be negative").default(0),
  take: z.coerce.number({ error: "take must be a number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(20),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").optional(),
  filter: z.string({ error: "filter must be text" }).trim().max(50, "filter can be at most 50 characters").optional(),
  isActive: booleanish("isActive").optional(),
  code: z.string({ error: "code must be text" }).trim().max(20, "code can be at most 20 characters").optional(),
});
export type CustomerLoadInput = z.output<typeof customerLoadBody>;

/** The lookups other screens page through: active customers only, so no status filter. */
export const customerSearchQuery = listQuery.pick({ skip: true, take: true, search: true });
export type CustomerSearchInput = z.output<typeof customerSearchQuery>;

export const shipperConsigneeQuery = customerSearchQuery.extend({
  type: z.enum(["SHIPPER", "CONSIGNEE"], { error: "type must be SHIPPER or CONSIGNEE" }).optional(),
});

export const aeParam = z.object({
  aeId: z.string().trim().min(1, "aeId is required").max(50, "aeId can be at most 50 characters"),
});

export const customerCodeParam = z.object({
  code: z.string().trim().min(1, "code is required").max(20, "code can be at most 20 characters"),
});

export const perBagQuery = z.object({
  isPerBag: z.enum(["true", "false"], { error: "isPerBag must be true or false" }).transform((v) => v === "true"),
});

export const insuranceBody = z.object({
  /** The business date whose policies apply; today (Asia/Manila) when left out. */
  date: dateText("date").optional(),
  teu: decimal("TEU", { scale: 2 }).schema,
  otherCharges: z.array(
    z.object({
      chargeCode: z.string().trim().max(20, "chargeCode can be at most 20 characters").optional(),
      amount: money("Amount").schema,
    }),
    { error: "otherCharges must be a list" },
  ).max(100, "At most 100 other charges").default([]),
});
export type InsuranceInput = z.output<typeof insuranceBody>;
