import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { voyageSchedules, waybills } from "../../../db/schema/index.ts";
import type { DemoContext } from "../manifest.ts";
import { createOverrideBody, overrideStatusBody } from "./overrides/schemas.ts";
import { createOverride, moveOverride } from "./overrides/service.ts";
import { createWaiverBody, waiverStatusBody } from "./waivers/schemas.ts";
import { addWaiverFile, createWaiver, moveWaiver, searchWaybill } from "./waivers/service.ts";

/** The voyage being loaded (voyages demo): its waybills to Cebu are on an open load list, prepaid at Manila. */
const LOADING_VOYAGE_REF = "DEMO-LOADING";

/**
 * A one-page PDF letter, written out by hand (header, objects, cross-reference table, trailer): the supporting file
 * of the demo's waiver, so a fresh installation shows one to open.
 */
export function letterPdf(lines: readonly string[]): Uint8Array {
  const escape = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const content = ["BT", "/F1 12 Tf", "72 770 Td", ...lines.flatMap((l, i) => (i === 0 ? [`(${escape(l)}) Tj`] : ["0 -18 Td", `(${escape(l)}) Tj`])), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
}

/**
 * The waivers' part of the demo line, on the two waybills of the voyage being loaded that are on its load list (their
 * charges billed at Manila), through the services staff use: the waiver clerk's waiver of a charge of the first,
 * endorsed by the endorser and approved by the approver; a second waiver of part of the second's freight, with the
 * consignee's letter attached, endorsed and waiting for approval; and an override of the first's freight, sent for
 * approval.
 */
export async function seedDemoWaivers(db: Db, { people }: DemoContext): Promise<Record<string, number>> {
  const { waiver: clerk, endorser, approver } = people;
  const onList = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, LOADING_VOYAGE_REF), eq(waybills.status, "On Load List")))
    .orderBy(asc(waybills.id));
  if (onList.length < 2) return { waivers: 0, chargeOverrides: 0 };
  const [first, second] = onList;

  // Approved: the smallest charge of the first waybill forgiven whole.
  const firstLines = (await searchWaybill(db, clerk, first.wayBillRef)).data.lines.filter((l) => Number(l.open) > 0);
  const smallest = [...firstLines].sort((a, b) => Number(a.open) - Number(b.open))[0];
  let approved = (await createWaiver(db, clerk, createWaiverBody.parse({
    wayBillRef: first.wayBillRef, remarks: "Van held two days at the CY by our crane breakdown; charge forgiven as agreed with the shipper",
    lines: [{ chargeCode: smallest.chargeCode, part: smallest.part }],
  }))).data;
  approved = (await moveWaiver(db, clerk, approved.waiverNum, waiverStatusBody.parse({ action: "submit", dateModified: approved.dateModified }))).data;
  approved = (await moveWaiver(db, endorser, approved.waiverNum, waiverStatusBody.parse({ action: "endorse", dateModified: approved.dateModified, remarks: "Crane log checked" }))).data;
  await moveWaiver(db, approver, approved.waiverNum, waiverStatusBody.parse({ action: "approve", dateModified: approved.dateModified, remarks: "Approved" }));

  // Waiting for approval, with the consignee's letter: half of the second waybill's freight.
  const freight = (await searchWaybill(db, clerk, second.wayBillRef)).data.lines.find((l) => l.part === "FREIGHT" && Number(l.open) > 0);
  let pending = 0;
  if (freight) {
    const half = (Math.floor(Number(freight.open) * 50) / 100).toFixed(2);
    let inFlight = (await createWaiver(db, clerk, createWaiverBody.parse({
      wayBillRef: second.wayBillRef, remarks: "Shipment rolled over one voyage at the line's request; half the freight waived per the consignee's letter",
      lines: [{ chargeCode: freight.chargeCode, part: freight.part, amount: half }],
    }))).data;
    await addWaiverFile(db, clerk, inFlight.waiverNum, {
      name: "Consignee letter - rolled over cargo.pdf", declaredType: "application/pdf",
      bytes: letterPdf([
        "Visayan Copra Traders Inc.", "Cebu City", "", `Re: waybill ${second.wayBillRef}`, "",
        "Our cargo was rolled over to the next voyage at the line's request.", "We ask that half of the freight be waived.",
      ]),
    });
    inFlight = (await moveWaiver(db, clerk, inFlight.waiverNum, waiverStatusBody.parse({ action: "submit", dateModified: inFlight.dateModified }))).data;
    await moveWaiver(db, endorser, inFlight.waiverNum, waiverStatusBody.parse({ action: "endorse", dateModified: inFlight.dateModified, remarks: "Roll-over confirmed by the pier" }));
    pending = 1;
  }

  // An override of the first waybill's freight, sent for approval: 500.00 off the value it has.
  const firstFreight = firstLines.find((l) => l.part === "FREIGHT" && Number(l.value) > 500);
  let overrides = 0;
  if (firstFreight) {
    const lowered = (Number(firstFreight.value) - 500).toFixed(2);
    const made = (await createOverride(db, clerk, createOverrideBody.parse({
      wayBillRef: first.wayBillRef, chargeCode: firstFreight.chargeCode, part: firstFreight.part, newValue: lowered,
      reason: "Freight quoted at the promo rate the account executive confirmed by e-mail",
    }))).data;
    await moveOverride(db, clerk, made.overrideNum, overrideStatusBody.parse({ action: "submit", dateModified: made.dateModified }));
    overrides = 1;
  }
  return { waivers: 1 + pending, waiverFiles: pending, chargeOverrides: overrides };
}
