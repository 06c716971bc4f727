import { describe, expect, it } from "vitest";
import { arrivalNoticeAmounts, arrivalNoticeLabel, type NoticeChargeInput, randomConsigneeEmailValue } from "../../api/modules/inbound/arrival-notices/rules.ts";
import { buildInProcess } from "../../templates/builders.ts";
import type { CargoArrivalNoticeDocument } from "../../templates/documents/cargo-arrival-notice.ts";
import type { VesselArrivalNoticeDocument } from "../../templates/documents/vessel-arrival-notice.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The arrival notices (001 §3, §9): the labels of the charges, the amount payable against a case worked by hand,
 * and both printouts rendered to images and read back.
 */

const line = (o: Partial<NoticeChargeInput> & Pick<NoticeChargeInput, "chargeCode" | "value" | "availableTo">): NoticeChargeInput => ({
  part: "FREIGHT", particulars: `Charge ${o.chargeCode}`, due: o.value, isInsurancePremium: false, passThrough: false, ...o,
});

/**
 * A split-charge waybill: freight prepaid at Manila, the destination's port and trucking charges collect at Cebu,
 * part of the trucking waived, the insurance premium collect, and the wharfage billed by the port directly.
 */
const LINES: NoticeChargeInput[] = [
  line({ chargeCode: "001", particulars: "Ocean freight", value: "18500.00", availableTo: "P" }),
  line({ chargeCode: "004", part: "PORT_ORIGIN", particulars: "Cargo handling", value: "1120.00", availableTo: "P" }),
  line({ chargeCode: "007", part: "PORT_DESTINATION", particulars: "Cargo handling", value: "1120.00", availableTo: "C" }),
  line({ chargeCode: "008", part: "PORT_DESTINATION", particulars: "Cargo handling (reefer)", value: "350.50", availableTo: "C" }),
  line({ chargeCode: "005", part: "PORT_DESTINATION", particulars: "Wharfage", value: "245.25", availableTo: "C", passThrough: true }),
  line({ chargeCode: "012", part: "TRUCKING_DESTINATION", particulars: "Stripping MANO", value: "3000.00", due: "2500.00", availableTo: "AD" }),
  line({ chargeCode: "INS", particulars: "Insurance premium", value: "675.00", availableTo: "C", isInsurancePremium: true }),
];

describe("the amount payable on the cargo arrival notice", () => {
  it("labels arrastre 004, 007, 008 and the weighing fee 005; anything else keeps its particulars", () => {
    expect(["004", "007", "008", "005", "001"].map((code) => arrivalNoticeLabel(code, "Something"))).toEqual(
      ["Arrastre", "Arrastre", "Arrastre", "Weighing fee", "Something"],
    );
  });

  it("adds the applicable charges and the insurance; prepaid items show only the amount payable", () => {
    const amounts = arrivalNoticeAmounts(LINES);
    // By hand: 1,120.00 + 350.50 (arrastre, collect) + 2,500.00 (stripping after a 500.00 waiver, on account at the
    // destination) = 3,970.50 of charges; plus 675.00 insurance = 4,645.50. The prepaid freight and origin arrastre
    // add nothing; the wharfage of 245.25 is paid to the port.
    expect(amounts.chargesPayable).toBe("3970.50");
    expect(amounts.insurance).toBe("675.00");
    expect(amounts.amountPayable).toBe("4645.50");
    expect(amounts.payableToPort).toBe("245.25");
    expect(amounts.charges.map((c) => [c.chargeCode, c.particulars, c.chargeValue, c.payable, c.payableTo])).toEqual([
      ["001", "Ocean freight", null, "0.00", "LINE"],
      ["004", "Arrastre", null, "0.00", "LINE"],
      ["007", "Arrastre", "1120.00", "1120.00", "LINE"],
      ["008", "Arrastre", "350.50", "350.50", "LINE"],
      ["005", "Weighing fee", "245.25", "245.25", "PORT"],
      ["012", "Stripping MANO", "3000.00", "2500.00", "LINE"],
      ["INS", "Insurance premium", "675.00", "675.00", "LINE"],
    ]);
  });

  it("owes nothing on a waybill prepaid in full", () => {
    const prepaid = arrivalNoticeAmounts(LINES.map((l) => ({ ...l, availableTo: "P" })));
    expect([prepaid.amountPayable, prepaid.charges.every((c) => c.prepaid && c.chargeValue === null)]).toEqual(["0.00", true]);
  });

  it("makes 001 §9's consignee e-mail value 8 random characters", () => {
    const values = Array.from({ length: 50 }, randomConsigneeEmailValue);
    expect(values.every((v) => /^[A-Za-z0-9]{8}$/.test(v))).toBe(true);
    expect(new Set(values).size).toBe(50);
  });
});

const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");

describe("the printouts", () => {
  it("prints the cargo arrival notice with its labels, prepaid items, amount payable, storage due date and terms", async () => {
    const amounts = arrivalNoticeAmounts(LINES);
    const view: CargoArrivalNoticeDocument = {
      wayBillRef: "WB-MNL-2026-000042", bookingRef: "BK-MNL-2026-000042", consigneeName: "Lapu Lapu Foods Inc.", vessel: "MV Lading Pioneer",
      voyageNum: "VOY-MNL-2026-000003", voyageRef: "V-201S", arrivalDate: "2026-03-10T02:00:00.000Z", cargo: "1 x 20'", containerVanNum: "LDGU2010001",
      sealNum: "MNL-0456701", goods: "Canned goods, 400 Box", shipper: "Bayanihan Trading Corporation", modeOfDelivery: "PTD", modeOfPayment: "P",
      origin: "Manila", destination: "Cebu", charges: amounts.charges, chargesPayable: amounts.chargesPayable, insurance: amounts.insurance,
      amountPaybles: amounts.amountPayable, payableToPort: amounts.payableToPort,
      terms: [
        { policyCode: "C0001", policyName: "Free storage days", value: "3 days" },
        { policyCode: "C0003", policyName: "Demurrage per day", value: "500.00" },
      ],
      storage: { dueDate: "2026-03-13", perDay: { storage: "900.00", demurrage: "500.00", total: "1400.00" }, storageRate: "900.00", teu: "1" },
      generatedAt: new Date("2026-03-10T03:00:00Z"),
      copy: false,
    };
    const file = await buildInProcess("cargoArrivalNotice", view);
    expect(file.fileName).toBe("AN-WB-MNL-2026-000042.pdf");
    const text = squeeze((await renderPdf(file.bytes)).pages.map((p) => p.text ?? "").join(" "));
    for (const expected of [
      "CARGO ARRIVAL NOTICE", "WB-MNL-2026-000042", "Lapu Lapu Foods Inc.", "Arrastre", "Weighing fee (payable to the port)", "PREPAID",
      "Charges payable", "3,970.50", "Insurance", "675.00", "AMOUNT PAYABLE", "4,645.50", "Payable to the port directly, not included above: PHP 245.25.",
      "Storage is free until Mar 13, 2026.", "PHP 1,400.00", "Free storage days", "3 days",
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    expect(await watermarkText(file.bytes, 1)).not.toBe("copy");
    const copy = await buildInProcess("cargoArrivalNotice", { ...view, copy: true });
    expect(await watermarkText(copy.bytes, 1)).toBe("copy");
  }, 120_000);

  it("prints the vessel arrival notice, a line per waybill, landscape", async () => {
    const view: VesselArrivalNoticeDocument = {
      voyageNum: "VOY-MNL-2026-000003", voyageRef: "V-201S", vessel: "MV Lading Pioneer", origin: "Manila", destinationBranchCode: "CEB", destination: "Cebu",
      actualTimeDeparture: "2026-03-09T02:00:00.000Z", arrivalDate: "2026-03-10T02:00:00.000Z",
      lines: [1, 2].map((n) => ({
        vessel: "MV Lading Pioneer", voyage: "VOY-MNL-2026-000003 (V-201S)", bookingRef: `BK-MNL-2026-00000${n}`, wayBillRef: `WB-MNL-2026-00010${n}`,
        shipper: "Bayanihan Trading", consigneeName: "Lapu Lapu Foods", origin: "Manila", destination: "Cebu", actualTimeDeparture: "2026-03-09T02:00:00.000Z",
        cargo: "1 x 20'", sealNum: `SEAL-${n}`, goods: "Canned goods", remarks: n === 1 ? "Handle with care" : "",
      })),
    };
    const file = await buildInProcess("vesselArrivalNotice", view);
    expect(file.fileName).toBe("VAN-VOY-MNL-2026-000003-CEB.pdf");
    const rendered = await renderPdf(file.bytes);
    expect(rendered.pages[0].width).toBeGreaterThan(rendered.pages[0].height);
    const text = squeeze(rendered.pages.map((p) => p.text ?? "").join(" "));
    for (const expected of [
      "VESSEL ARRIVAL NOTICE", "MV Lading Pioneer", "V-201S", "Manila to Cebu", "WB-MNL-2026-000101", "BK-MNL-2026-000002", "SEAL-1", "Handle with care", "2 waybills",
    ]) {
      expect(text).toContain(squeeze(expected));
    }
  }, 120_000);
});
