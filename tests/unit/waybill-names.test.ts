import { describe, expect, it } from "vitest";
import { consigneeOnWaybill, shipperOnWaybill } from "../../api/shared/waybill-names.ts";

describe("the names a waybill goes by", () => {
  it("prints the shipper's preferred name when one was given, else the registered company", () => {
    expect(shipperOnWaybill({ shipperPreferredName: "PHT Cebu Desk" }, "Pacific Harbor Trading Corp.")).toBe("PHT Cebu Desk");
    expect(shipperOnWaybill({ shipperPreferredName: "" }, "Pacific Harbor Trading Corp.")).toBe("Pacific Harbor Trading Corp.");
    expect(shipperOnWaybill({ shipperPreferredName: null }, "Pacific Harbor Trading Corp.")).toBe("Pacific Harbor Trading Corp.");
  });

  it("answers an empty shipper name, not null, when the waybill's customer is not found", () => {
    expect(shipperOnWaybill({ shipperPreferredName: null }, null)).toBe("");
    expect(shipperOnWaybill({ shipperPreferredName: "" }, undefined)).toBe("");
  });

  it("prints the consignee's preferred name when one was given, else the name on the waybill", () => {
    expect(consigneeOnWaybill({ consigneePreferredName: "VCT Warehouse 2", consigneeName: "Visayan Copra Traders Inc." })).toBe("VCT Warehouse 2");
    expect(consigneeOnWaybill({ consigneePreferredName: "", consigneeName: "Visayan Copra Traders Inc." })).toBe("Visayan Copra Traders Inc.");
    expect(consigneeOnWaybill({ consigneePreferredName: null, consigneeName: null })).toBe("");
  });
});
