import { count, eq } from "drizzle-orm";
import { jsPDF } from "jspdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, waiverFiles } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { seedWaiverWorld, type WaiverWorld } from "../support/waivers.ts";

/**
 * A waiver's supporting files (issue 25 point 2): a PDF, JPEG or PNG taken by its content, whatever its name or the
 * type the browser declared; a program named .pdf refused (415), a file over 5 MB refused (413); kept in the database
 * and handed back to whoever sees the waiver; and the waybill copy printed from a waiver, COPY for staff who are not
 * DAT.
 */

let handle: DatabaseHandle;
let t: TestApp;
let ww: WaiverWorld;
let wayBillRef = "";
let waiver: { id: number; waiverNum: string; dateModified: string };

const FIVE_MB = 5 * 1024 * 1024;

/** A real PDF, as a scanner or a word processor would hand one over. */
function letter(): Uint8Array {
  const doc = new jsPDF();
  doc.text("Visayan Copra Traders Inc. asks that the storage charge be waived.", 10, 20);
  return new Uint8Array(doc.output("arraybuffer"));
}

/** The smallest PNG: one transparent pixel (signature, IHDR, IDAT, IEND). */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
/** A JPEG's frame: start of image, a JFIF segment, end of image. */
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9);
/** The first bytes of a Linux and of a Windows program, padded out. */
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, ...Array(2000).fill(0)]);
const MZ = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, ...Array(2000).fill(0)]);

async function upload(who: string, waiverNum: string, bytes: Uint8Array, name: string, type = "application/pdf", field = "file") {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/WayBillWaiveCharges/upload/${waiverNum}`, {
    method: "POST", headers: { authorization: `Bearer ${ww.tokens[who]}` }, body: form,
  });
  return { status: res.status, body: await res.json() as any };
}

const stored = async () => Number((await handle.db.select({ n: count() }).from(waiverFiles))[0].n);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  ww = await seedWaiverWorld(handle.db, t, 830000);
  [wayBillRef] = await ww.onLoadList(1);
  const made = await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", {
    wayBillRef, remarks: "Rolled over one voyage at the line's request", lines: [{ chargeCode: "001", part: "FREIGHT", amount: "6250.00" }],
  });
  waiver = made.body.data;
}, 180_000);
afterAll(() => handle?.close());

describe("attaching supporting files", () => {
  it("takes a PDF, a PNG and a JPEG by their content, whatever their names, and hands each back as it was", async () => {
    const pdf = letter();
    const first = await upload("clerk", waiver.waiverNum, pdf, "Consignee letter.pdf");
    expect([first.status, first.body.message]).toEqual([201, "File attached to the waiver."]);
    expect(first.body.data).toMatchObject({ fileName: "Consignee letter.pdf", contentType: "application/pdf", byteSize: pdf.length, uploadedBy: "wv-clerk" });
    // Named and declared wrongly: what counts is what the bytes are.
    const png = await upload("clerk", waiver.waiverNum, PNG, "photo.pdf", "application/octet-stream");
    expect([png.status, png.body.data.contentType]).toEqual([201, "image/png"]);
    const jpeg = await upload("clerk", waiver.waiverNum, JPEG, "C:\\Users\\clerk\\Pictures\\dent.JPG", "");
    expect([jpeg.status, jpeg.body.data.contentType, jpeg.body.data.fileName]).toEqual([201, "image/jpeg", "dent.JPG"]);

    const back = await t.app.request(`/api/WayBillWaiveCharges/file/${waiver.waiverNum}/${first.body.data.id}`, { headers: { authorization: `Bearer ${ww.tokens.approver}` } });
    expect([back.status, back.headers.get("content-type"), back.headers.get("content-disposition")])
      .toEqual([200, "application/pdf", `inline; filename="Consignee letter.pdf"`]);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(pdf);
    const image = await t.app.request(`/api/WayBillWaiveCharges/file/${waiver.waiverNum}/${png.body.data.id}`, { headers: { authorization: `Bearer ${ww.tokens.clerk2}` } });
    expect([image.headers.get("content-type"), image.headers.get("content-disposition")]).toEqual(["image/png", `attachment; filename="photo.pdf.png"`]);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const detail = (await ww.call("clerk", "GET", `/WayBillWaiveCharges/get/${waiver.waiverNum}`)).body.data;
    expect(detail.files.map((f: any) => [f.fileName, f.contentType])).toEqual([
      ["Consignee letter.pdf", "application/pdf"], ["photo.pdf", "image/png"], ["dent.JPG", "image/jpeg"],
    ]);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "WAIVER_FILE_ADDED"));
    expect(audit.detail).toMatchObject({ fileName: "Consignee letter.pdf", contentType: "application/pdf", byteSize: pdf.length, declaredType: "application/pdf" });
    expect((audit.detail as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a program named .pdf with 415, saying what it is, and keeps nothing", async () => {
    const before = await stored();
    const elf = await upload("clerk", waiver.waiverNum, ELF, "invoice.pdf");
    expect([elf.status, elf.body.message, elf.body.errors.file]).toEqual([
      415, "The file is a Linux program (ELF), not a document. Only a PDF, a JPEG or a PNG can be attached.",
      ["The file is a Linux program (ELF), not a document. Only a PDF, a JPEG or a PNG can be attached."],
    ]);
    const mz = await upload("clerk", waiver.waiverNum, MZ, "scan.pdf");
    expect([mz.status, mz.body.message]).toEqual([415, "The file is a Windows program (MZ), not a document. Only a PDF, a JPEG or a PNG can be attached."]);
    const text = await upload("clerk", waiver.waiverNum, new TextEncoder().encode("<html><script>alert(1)</script></html>"), "letter.pdf");
    expect([text.status, text.body.message]).toEqual([415, "The file is not a PDF, a JPEG or a PNG by its content, whatever its name. Only a PDF, a JPEG or a PNG can be attached."]);
    // A PDF header with no end: cut short in the upload.
    const cut = letter().slice(0, 600);
    const partial = await upload("clerk", waiver.waiverNum, cut, "cut.pdf");
    expect([partial.status, partial.body.message]).toEqual([415, "The PDF is cut short: it has no trailer (startxref, %%EOF) at its end. Only a PDF, a JPEG or a PNG can be attached."]);
    expect(await stored()).toBe(before);
  });

  it("refuses a file over 5 MB with 413, and a body that is not multipart with 415", async () => {
    const before = await stored();
    const pdf = letter();
    // A real PDF grown past the limit by a comment before its trailer.
    const big = new Uint8Array(FIVE_MB + 1);
    big.set(pdf.subarray(0, pdf.length - 200));
    big.set(pdf.subarray(pdf.length - 200), big.length - 200);
    const over = await upload("clerk", waiver.waiverNum, big, "big.pdf");
    expect([over.status, over.body.message, over.body.errors.file]).toEqual([413, "The file is larger than 5 MB; attach a smaller one.", ["The file is larger than 5 MB; attach a smaller one."]]);
    const far = await upload("clerk", waiver.waiverNum, new Uint8Array(6 * 1024 * 1024), "bigger.pdf");
    expect([far.status, far.body.message]).toEqual([413, "The file is larger than 5 MB; attach a smaller one."]);
    const json = await ww.call("clerk", "POST", `/WayBillWaiveCharges/upload/${waiver.waiverNum}`, { file: "JVBERi0xLjQ=" });
    expect([json.status, json.body.message]).toEqual([415, "Send the file as multipart/form-data, in the field file."]);
    const wrongField = await upload("clerk", waiver.waiverNum, pdf, "letter.pdf", "application/pdf", "attachment");
    expect([wrongField.status, wrongField.body.errors.file]).toEqual([400, ["Attach a file in the field file."]]);
    expect(await stored()).toBe(before);
  });

  it("takes files from the drafter until the waiver is decided, and serves them only to its branch", async () => {
    const other = await upload("clerk2", waiver.waiverNum, letter(), "mine.pdf");
    expect([other.status, other.body.message]).toEqual([403, `Only the drafter of waiver ${waiver.waiverNum} attaches its supporting files.`]);
    const away = await upload("dvo", waiver.waiverNum, letter(), "mine.pdf");
    expect([away.status, away.body.message]).toEqual([404, `Waiver ${waiver.waiverNum} was not found.`]);
    const [file] = await handle.db.select({ id: waiverFiles.id }).from(waiverFiles).limit(1);
    const elsewhere = await ww.call("dvo", "GET", `/WayBillWaiveCharges/file/${waiver.waiverNum}/${file.id}`);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, `Waiver ${waiver.waiverNum} was not found.`]);
    const noSuch = await ww.call("clerk", "GET", `/WayBillWaiveCharges/file/${waiver.waiverNum}/999999`);
    expect([noSuch.status, noSuch.body.message]).toEqual([404, `Waiver ${waiver.waiverNum} has no file 999999.`]);

    // Removed while a draft; once sent on, its files stay and more may come until the decision.
    const extra = await upload("clerk", waiver.waiverNum, PNG, "extra.png");
    const removed = await ww.call("clerk", "DELETE", `/WayBillWaiveCharges/file/${waiver.waiverNum}/${extra.body.data.id}`);
    expect([removed.status, removed.body.message]).toEqual([200, "File removed from the waiver."]);
    const sent = await ww.call("clerk", "PUT", `/WayBillWaiveCharges/updateStatus/${waiver.waiverNum}`, { action: "submit", dateModified: waiver.dateModified });
    expect(sent.status).toBe(200);
    const kept = await ww.call("clerk", "DELETE", `/WayBillWaiveCharges/file/${waiver.waiverNum}/${file.id}`);
    expect([kept.status, kept.body.message]).toEqual([409, `Waiver ${waiver.waiverNum} is For Endorse; its files stay with it once it is sent on.`]);
    expect((await upload("clerk", waiver.waiverNum, letter(), "more.pdf")).status).toBe(201);
    const endorsed = await ww.call("endorser", "PUT", `/WayBillWaiveCharges/updateStatus/${waiver.waiverNum}`, { action: "endorse", dateModified: sent.body.data.dateModified });
    await ww.call("approver", "PUT", `/WayBillWaiveCharges/updateStatus/${waiver.waiverNum}`, { action: "approve", dateModified: endorsed.body.data.dateModified });
    const late = await upload("clerk", waiver.waiverNum, letter(), "late.pdf");
    expect([late.status, late.body.message]).toEqual([409, `Waiver ${waiver.waiverNum} is Approved; files are attached until it is decided.`]);
  });
});

describe("the waybill copy printed from a waiver", () => {
  it("is the waybill with COPY on it for staff who are not DAT, at the destination too", async () => {
    const res = await t.app.request(`/api/WayBillWaiveCharges/printWaybill/${waiver.waiverNum}`, { headers: { authorization: `Bearer ${ww.tokens.clerk}` } });
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await watermarkText(bytes, 1)).toBe("copy");
    const page = normaliseOcr((await renderPdf(bytes, { ocrPages: [1] })).pages[0].text ?? "");
    expect(page).toContain(wayBillRef.toLowerCase());
    expect(page).toContain("12,500.00");
  }, 90_000);

  it("is the original for DAT staff", async () => {
    const res = await t.app.request(`/api/WayBillWaiveCharges/printWaybill/${waiver.waiverNum}`, { headers: { authorization: `Bearer ${ww.tokens.dat}` } });
    expect(res.status).toBe(200);
    expect(await watermarkText(new Uint8Array(await res.arrayBuffer()), 1)).not.toContain("copy");
  }, 60_000);
});
