import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { areas, bookingBatches, bookingCharges, bookings, customers } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { formatManilaDateTime } from "../../shared/dates.ts";
import { transition, transitionMany } from "../../shared/workflow.ts";
import { queueEmail } from "../email/index.ts";
import { batchTarget, type BookingActor, bookingTarget } from "./batches.ts";
import {
  type BatchRecord,
  batchByRef,
  batchRows,
  bookableVoyage,
  bookingsOfBatch,
  checkCustomerPart,
  customerOf,
  doorProblems,
  throwProblems,
  toRows,
  voyageOf,
  writeCharges,
} from "./records.ts";
import { type PricedBooking, priceBooking } from "./pricing.ts";
import { batchWorkflow, bookingWorkflow, type DeliveryMode, LINK_VALID_DAYS } from "./rules.ts";
import type { LinkSubmitInput, LinkView } from "./schemas.ts";
import { randomToken, sha256Hex } from "../../shared/tokens.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";

/**
 * The booking link of a batch. Staff send it to the customer; the customer's side opens the batch's own
 * bookings and nothing else, works until it is used or expires, and only its newest token works. A refused
 * link changes nothing.
 */

export interface LinkContext {
  /** Where the web app is served, e.g. https://lading.example.com. */
  linkBase: string;
}

/**
 * Sends the batch's link: a fresh token (256 bits; only its hash is kept), open for LINK_VALID_DAYS or until the
 * voyage leaves. Sending again replaces the token, so only the newest link works.
 */
export async function sendBookingLink(db: Db, actor: BookingActor, input: { bookingBatchRef: string; email?: string }, ctx: LinkContext) {
  const batch = await batchByRef(db, input.bookingBatchRef, actor);
  const voyage = await bookableVoyage(db, batch.voyageNum);
  const customer = await customerOf(db, batch.customerCode);
  const email = input.email || customer.customerContactEmail;
  if (!email) throw new AppError("VALIDATION", `Customer ${customer.code} has no e-mail address; type one to send the link to.`, { email: ["E-mail is required"] });
  const token = randomToken(32);
  const now = new Date();
  const expiresAt = new Date(Math.min(now.getTime() + LINK_VALID_DAYS * 86_400_000, new Date(voyage.estimatedTimeDeparture).getTime()));
  const result = await db.transaction(async (tx) => {
    const pending = await bookingsOfBatch(tx, batch.bookingBatchRef, inArray(bookings.status, ["Draft", "Sent"]));
    if (pending.length === 0) throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} has no Draft or Sent booking to send.`);
    const moved = await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: "send", actor });
    await tx.update(bookingBatches).set({
      linkTokenHash: await sha256Hex(token),
      linkEmail: email,
      linkSentAt: now,
      linkExpiresAt: expiresAt,
      linkUsedAt: null,
      userModified: actor.userId,
    }).where(eq(bookingBatches.id, batch.id));
    await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: pending.map((b) => b.id), action: "send", actor });
    await queueEmail(tx, {
      to: email,
      template: "bookingLink",
      data: {
        customerName: customer.company,
        bookingBatchRef: batch.bookingBatchRef,
        voyage: `${voyage.voyageNum} (${voyage.vesselName})`,
        bookingCount: pending.length,
        link: `${ctx.linkBase}${pathTo(PAGES.bookingLink, { token })}`,
        expiresAt: formatManilaDateTime(expiresAt),
      },
      requestedBy: actor.userId,
      meta: { bookingBatchRef: batch.bookingBatchRef },
    });
    return moved;
  });
  const [row] = await batchRows(db, [await batchByRef(db, batch.bookingBatchRef, actor)]);
  return { data: row, message: result.message };
}

// ---------------------------------------------------------------------------------------------------------
// The customer's side

const NOT_VALID = "This booking link is not valid. Ask the line's booking staff for a new one.";
const USED = "This booking link has already been used. The bookings were submitted; the booking staff will confirm them.";
const EXPIRED = "This booking link has expired. Ask the line's booking staff to send a new one.";

/** The batch a token opens, or the plain reason it opens none. */
async function batchOfToken(db: Db, token: string, now = new Date()): Promise<BatchRecord> {
  // A token is 43 base64url characters; anything else cannot be one and is not even looked up.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("NOT_FOUND", NOT_VALID);
  const [batch] = await db.select().from(bookingBatches).where(eq(bookingBatches.linkTokenHash, await sha256Hex(token)));
  if (!batch) throw new AppError("NOT_FOUND", NOT_VALID);
  if (batch.linkUsedAt) throw new AppError("GONE", USED);
  if (!batch.linkExpiresAt || batch.linkExpiresAt <= now || batch.status !== "Sent") throw new AppError("GONE", EXPIRED);
  return batch;
}

export async function openLink(db: Db, token: string): Promise<{ data: LinkView }> {
  const batch = await batchOfToken(db, token);
  const voyage = await voyageOf(db, batch.voyageNum);
  const [customer] = await db.select({ company: customers.company }).from(customers).where(eq(customers.code, batch.customerCode));
  const records = await bookingsOfBatch(db, batch.bookingBatchRef, eq(bookings.status, "Sent"));
  const rows = await toRows(db, records);
  const branchCodes = [voyage.originBranchCode, ...voyage.destinations.map((d) => d.destinationBranchCode)];
  const areaRows = await db.select({ code: areas.code, name: areas.name, branchCode: areas.branchCode }).from(areas)
    .where(and(inArray(areas.branchCode, branchCodes), eq(areas.isActive, true))).orderBy(asc(areas.name));
  return {
    data: {
      bookingBatchRef: batch.bookingBatchRef,
      customerName: customer?.company ?? batch.customerCode,
      voyageNum: voyage.voyageNum,
      voyageRef: voyage.voyageRef,
      vesselName: voyage.vesselName,
      originBranchName: voyage.originBranchName,
      estimatedTimeDeparture: voyage.estimatedTimeDeparture,
      linkExpiresAt: batch.linkExpiresAt!.toISOString(),
      destinations: voyage.destinations.map((d) => ({ branchCode: d.destinationBranchCode, branchName: d.destinationBranchName })),
      pickUpAreas: areaRows.filter((a) => a.branchCode === voyage.originBranchCode).map(({ code, name }) => ({ code, name })),
      deliveryAreas: areaRows.filter((a) => a.branchCode !== voyage.originBranchCode),
      bookings: rows.map((r) => ({
        bookingRef: r.bookingRef,
        destinationBranchCode: r.destinationBranchCode,
        destinationName: r.destinationName,
        modeOfDelivery: r.modeOfDelivery,
        modeOfPayment: r.modeOfPayment,
        consigneeName: r.consigneeName,
        consigneeEmail: r.consigneeEmail,
        consigneeContactNum: r.consigneeContactNum,
        pickUpDate: r.pickUpDate,
        pickUpTime: r.pickUpTime,
        pickUpAddress: r.pickUpAddress,
        pickUpAreaCode: r.pickUpAreaCode,
        deliveryAddress: r.deliveryAddress,
        deliveryAreaCode: r.deliveryAreaCode,
        goods: r.goods,
        packaging: r.packaging,
        quantity: r.quantity,
        quantityTeu: r.quantityTeu,
        cargoWeight: r.cargoWeight,
        declaredValue: r.declaredValue,
        remarks: r.remarks,
        serviceRemarks: r.serviceRemarks,
        total: r.total,
      })),
    },
  };
}

/**
 * The customer submits the completed bookings. The link is marked used first, in the same transaction, so two
 * submits of one link cannot both land; any refusal rolls everything back and leaves the link open.
 */
export async function submitLink(db: Db, token: string, input: LinkSubmitInput) {
  const batch = await batchOfToken(db, token);
  const voyage = await voyageOf(db, batch.voyageNum);
  const records = await bookingsOfBatch(db, batch.bookingBatchRef, eq(bookings.status, "Sent"));
  // Charges staff added stay on the booking when it is priced again for what the customer ships.
  const added = records.length === 0 ? [] : await db.select().from(bookingCharges)
    .where(and(inArray(bookingCharges.bookingRef, records.map((r) => r.bookingRef)), eq(bookingCharges.source, "ADDED")));
  const seen = new Set<string>();
  const checked: { record: (typeof records)[number]; part: LinkSubmitInput["bookings"][number]; pickUpArea: { code: string } | null; deliveryArea: { code: string } | null; priced: PricedBooking }[] = [];
  for (const [i, part] of input.bookings.entries()) {
    const prefix = `bookings.${i}.`;
    const record = records.find((r) => r.bookingRef.toLowerCase() === part.bookingRef.toLowerCase());
    if (!record || seen.has(record.bookingRef)) {
      const text = `Booking ${part.bookingRef} is not one of this link's bookings.`;
      throw new AppError("VALIDATION", text, { [`${prefix}bookingRef`]: [text] });
    }
    seen.add(record.bookingRef);
    const { pickUpArea, deliveryArea } = await checkCustomerPart(db, part, {
      originBranchCode: voyage.originBranchCode,
      destinationBranchCode: record.destinationBranchCode,
    }, prefix);
    throwProblems(
      doorProblems({ ...part, modeOfDelivery: record.modeOfDelivery as DeliveryMode, pickUpAreaCode: pickUpArea?.code ?? null, deliveryAreaCode: deliveryArea?.code ?? null }, prefix),
    );
    // The customer may change what is shipped; the price follows on the same quotation lane.
    const priced = await priceBooking(db, { voyage, customerCode: batch.customerCode, on: record.bookingDate }, {
      destinationBranchCode: record.destinationBranchCode,
      modeOfDelivery: record.modeOfDelivery as DeliveryMode,
      isTandem: record.isTandem,
      pickUpAreaCode: pickUpArea?.code ?? null,
      deliveryAreaCode: deliveryArea?.code ?? null,
      quantity: part.quantity,
      quantityTeu: record.quantityTeu,
      cargoWeight: part.cargoWeight,
      sqdocNum: record.sqdocNum,
      additionalCharges: added.filter((c) => c.bookingRef === record.bookingRef).map((c) => ({ chargeCode: c.chargeCode, amount: c.amount })),
    }).catch((err) => {
      if (err instanceof AppError) throw new AppError(err.code, `${record.bookingRef}: ${err.message}`, {});
      throw err;
    });
    checked.push({ record, part, pickUpArea, deliveryArea, priced });
  }
  const missing = records.filter((r) => !seen.has(r.bookingRef));
  if (missing.length > 0) {
    throw new AppError("VALIDATION", `Complete every booking of the batch before submitting: ${missing.map((r) => r.bookingRef).join(", ")} is missing.`);
  }

  const now = new Date();
  await db.transaction(async (tx) => {
    const claimed = await tx.update(bookingBatches).set({ linkUsedAt: now, dateModified: now })
      .where(and(eq(bookingBatches.id, batch.id), isNull(bookingBatches.linkUsedAt), eq(bookingBatches.linkTokenHash, batch.linkTokenHash!)))
      .returning({ id: bookingBatches.id });
    if (claimed.length === 0) throw new AppError("GONE", USED);
    for (const { record, part, pickUpArea, deliveryArea, priced } of checked) {
      const trim = (s: string) => s.trim();
      const moved = await tx.update(bookings).set({
        // The link form knows consignees by name only; a registered consignee set by staff stays.
        consigneeCode: part.consigneeCode ?? record.consigneeCode,
        consigneeName: part.consigneeName,
        consigneeEmail: part.consigneeEmail,
        consigneeContactNum: part.consigneeContactNum,
        pickUpDate: part.pickUpDate,
        pickUpTime: part.pickUpTime,
        pickUpStreet: trim(part.pickUpAddress.street),
        pickUpBarangay: trim(part.pickUpAddress.barangay),
        pickUpCity: trim(part.pickUpAddress.city),
        pickUpProvince: trim(part.pickUpAddress.province),
        pickUpZipCode: trim(part.pickUpAddress.zipCode),
        pickUpAreaCode: pickUpArea?.code ?? null,
        deliveryStreet: trim(part.deliveryAddress.street),
        deliveryBarangay: trim(part.deliveryAddress.barangay),
        deliveryCity: trim(part.deliveryAddress.city),
        deliveryProvince: trim(part.deliveryAddress.province),
        deliveryZipCode: trim(part.deliveryAddress.zipCode),
        deliveryAreaCode: deliveryArea?.code ?? null,
        goods: part.goods,
        packaging: part.packaging,
        quantity: part.quantity,
        cargoWeight: part.cargoWeight,
        declaredValue: part.declaredValue,
        remarks: part.remarks,
        insurancePremium: priced.insurancePremium,
        dateSubmitted: now,
        dateModified: now,
        userModified: `customer:${batch.customerCode}`,
      }).where(and(eq(bookings.id, record.id), eq(bookings.status, "Sent"))).returning({ id: bookings.id });
      if (moved.length === 0) throw new AppError("CONFLICT", `Booking ${record.bookingRef} was changed by the line's staff a moment ago. Ask them for a new link.`);
      await writeCharges(tx, `customer:${batch.customerCode}`, record.bookingRef, priced.charges);
    }
  });
  return { data: { bookingRefs: checked.map((c) => c.record.bookingRef) }, message: "Bookings submitted successfully" };
}

