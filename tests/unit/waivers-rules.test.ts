import { describe, expect, it } from "vitest";
import { overrideActionsFor } from "../../api/modules/waivers/overrides/rules.ts";
import { actionsFor, listOfStatus, listShowsAll, type WaiverStatus } from "../../api/modules/waivers/waivers/rules.ts";
import { cleanFileName, headerFileName, recogniseFile } from "../../api/shared/uploads.ts";
import { adjustLine, type ChargeAdjustment } from "../../api/shared/charge-adjustments.ts";
import { letterPdf } from "../../api/modules/waivers/demo.ts";

/** The waivers' pure rules: who sees which buttons, where a save leads, what a file is, what a line is worth. */

const actor = (userId: string, capabilities: string[] = [], menus = ["WAIVER"]) =>
  ({ userId, menus: new Set(menus), capabilities: new Set(capabilities) }) as never;

describe("the actions a waiver offers", () => {
  const waiver = (status: WaiverStatus, extra: Record<string, string | null> = {}) => ({ status, requestedBy: "ana", endorsedBy: null, submittedBy: null, ...extra });

  it("offers a draft's moves to its drafter only: submit, and endorse to a drafter who endorses", () => {
    expect(actionsFor(waiver("Draft"), actor("ana"))).toEqual(["submit"]);
    expect(actionsFor(waiver("Draft"), actor("ana", ["ENDORSER", "APPROVER"]))).toEqual(["submit", "endorse"]);
    expect(actionsFor(waiver("Draft"), actor("ben", ["ENDORSER"]))).toEqual([]);
  });

  it("offers endorse or deny to an endorser (Endorser or Waiver For Endorse), not the deny to whoever sent it", () => {
    expect(actionsFor(waiver("For Endorse", { submittedBy: "ana" }), actor("ben", ["WAIVER_FOR_ENDORSE"]))).toEqual(["endorse", "denyEndorsement"]);
    expect(actionsFor(waiver("For Endorse", { submittedBy: "ana" }), actor("ana", ["ENDORSER"]))).toEqual(["endorse"]);
    expect(actionsFor(waiver("For Endorse"), actor("cy"))).toEqual([]);
    expect(actionsFor(waiver("For Endorse"), actor("cy", ["ENDORSER"], ["OUTBOUND"]))).toEqual([]);
  });

  it("offers approve or deny to an approver who neither drafted nor endorsed it", () => {
    expect(actionsFor(waiver("For Approval", { endorsedBy: "ben" }), actor("cy", ["APPROVER"]))).toEqual(["approve", "deny"]);
    expect(actionsFor(waiver("For Approval", { endorsedBy: "ben" }), actor("ben", ["APPROVER", "ENDORSER"]))).toEqual([]);
    expect(actionsFor(waiver("For Approval", { endorsedBy: "ben" }), actor("ANA", ["APPROVER"]))).toEqual([]);
    expect(actionsFor(waiver("Approved", { endorsedBy: "ben" }), actor("cy", ["APPROVER"]))).toEqual([]);
  });

  it("offers an override's approval to an approver who is not its drafter", () => {
    const o = { status: "For Approval" as const, requestedBy: "ana", submittedBy: "ana" };
    expect(overrideActionsFor(o, actor("cy", ["APPROVER"]))).toEqual(["approve", "deny"]);
    expect(overrideActionsFor(o, actor("ana", ["APPROVER"]))).toEqual([]);
    expect(overrideActionsFor({ ...o, status: "Draft" }, actor("ana", ["APPROVER"]))).toEqual(["submit"]);
  });

  it("lists by flag, and sends a save where the waiver now is (an approved one to the approved list)", () => {
    expect(["draft", "forEndorse", "forApproval", "approved"].map((l) => listShowsAll(l as never, { isEndorser: true, isApprover: false })))
      .toEqual([false, true, false, true]);
    expect((["Draft", "For Endorse", "For Approval", "Approved", "Denied"] as WaiverStatus[]).map(listOfStatus))
      .toEqual(["draft", "forEndorse", "forApproval", "approved", "draft"]);
  });
});

describe("what an uploaded file is", () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  it("knows a PDF by its header and trailer, a PNG by its chunks, a JPEG by its markers", () => {
    expect(recogniseFile(letterPdf(["Hello"]))).toEqual({ ok: true, contentType: "application/pdf" });
    expect(recogniseFile(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n"))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The PDF is cut short/) });
    expect(recogniseFile(new TextEncoder().encode("%PDF-x\nstartxref\n1\n%%EOF"))).toMatchObject({ ok: false, reason: expect.stringMatching(/no PDF version/) });
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
    expect(recogniseFile(png)).toEqual({ ok: true, contentType: "image/png" });
    expect(recogniseFile(png.slice(0, 40))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The PNG is damaged/) });
    expect(recogniseFile(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0, 0xff, 0xd9))).toEqual({ ok: true, contentType: "image/jpeg" });
    expect(recogniseFile(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The JPEG is damaged/) });
  });

  it("names a program for what it is, and refuses anything else", () => {
    expect(recogniseFile(bytes(0x7f, 0x45, 0x4c, 0x46, 2))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The file is a Linux program \(ELF\)/) });
    expect(recogniseFile(bytes(0x4d, 0x5a, 0x90))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The file is a Windows program \(MZ\)/) });
    expect(recogniseFile(new TextEncoder().encode("#!/bin/sh\nrm -rf /"))).toMatchObject({ ok: false, reason: expect.stringMatching(/^The file is a script/) });
    expect(recogniseFile(new Uint8Array())).toEqual({ ok: false, reason: "The file is empty." });
  });

  it("keeps a file's own name, and sends one a header can carry", () => {
    expect(cleanFileName("C:\\scans\\Letter\u0007 ñ.pdf")).toBe("Letter ñ.pdf");
    expect(cleanFileName("../../")).toBe("file");
    expect(headerFileName("Letter ñ \"x\".pdf", "application/pdf")).toBe("Letter _ _x_.pdf");
    expect(headerFileName("photo", "image/jpeg")).toBe("photo.jpg");
  });
});

describe("what a line is worth beside its adjustments", () => {
  const at = new Date();
  const adj = (kind: "WAIVER" | "OVERRIDE", amount: bigint, part = "FREIGHT"): ChargeAdjustment =>
    ({ wayBillRef: "WB-1", chargeCode: "001", part, availableTo: "C", kind, sourceRef: "X", amount, dateApproved: at });
  it("moves the value by overrides, forgives by waivers, and never goes below nothing", () => {
    const line = { chargeCode: "001", part: "FREIGHT", chargeValue: "12500.00" };
    expect(adjustLine(line, [])).toEqual({ computed: 1250000n, overridden: 0n, value: 1250000n, waived: 0n, due: 1250000n });
    expect(adjustLine(line, [adj("OVERRIDE", -150000n), adj("WAIVER", -100000n), adj("WAIVER", -999n, "PORT_ORIGIN")]))
      .toEqual({ computed: 1250000n, overridden: -150000n, value: 1100000n, waived: 100000n, due: 1000000n });
    expect(adjustLine(line, [adj("WAIVER", -1300000n)]).due).toBe(0n);
  });
});
