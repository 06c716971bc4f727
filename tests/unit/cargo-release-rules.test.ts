import { describe, expect, it } from "vitest";
import { croWorkflow, isUnpaidRefusal, releaseNote, unpaidRefusal } from "../../api/modules/inbound/cargo-release/rules.ts";

/** The pure rules of cargo release orders: the refusal the screens read as "unpaid" (001 §8) and the release note (§9). */

describe("cargo release order rules", () => {
  it("words the refusal of an unpaid waybill so that the screens mark its booking unpaid", () => {
    const message = unpaidRefusal("BK-CEB-2026-000004", "WB-MNL-2026-000009", "destination", "4,000.00 is open on invoice SI-CEB-2026-000001.");
    expect(message).toBe(
      "Booking BK-CEB-2026-000004 (waybill WB-MNL-2026-000009) is not paid in BASE Accounting: the destination side is unpaid. " +
        "4,000.00 is open on invoice SI-CEB-2026-000001.",
    );
    expect(isUnpaidRefusal(message)).toBe(true);
    expect(isUnpaidRefusal("Waybill WB-MNL-2026-000009 was not found.")).toBe(false);
  });

  it("writes the release note with the storage rate per TEU per day and the storage due date", () => {
    expect(releaseNote({ storageRate: "900.0000", storageDueDate: "2025-04-22" })).toBe("Storage fee of 900.00 per TEU per day from the day after Apr 22, 2025.");
    expect(releaseNote({ storageRate: "1250.5", storageDueDate: null })).toBe("Storage fee of 1,250.50 per TEU per day after the free days.");
  });

  it("clears a Created order once, by inbound staff", () => {
    const inbound = { userId: "x", menus: new Set(["INBOUND"]), capabilities: new Set<string>() };
    const outbound = { userId: "y", menus: new Set(["OUTBOUND"]), capabilities: new Set<string>() };
    expect(croWorkflow.actions.clear.from).toEqual(["Created"]);
    expect(croWorkflow.actions.clear.to).toBe("Cleared");
    expect([croWorkflow.actions.clear.allowed(inbound), croWorkflow.actions.clear.allowed(outbound)]).toEqual([true, false]);
  });
});
