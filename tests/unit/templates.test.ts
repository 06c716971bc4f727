import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { Port } from "../../api/modules/master-data/schemas.ts";
import { buildListPdf } from "../../templates/documents/list-pdf.ts";
import { buildPortsListPdf, PORTS_PDF_NAME } from "../../templates/documents/ports-list.ts";
import { buildWorkbook } from "../../templates/exports/workbook.ts";
import { buildPortsWorkbook, PORTS_XLSX_NAME } from "../../templates/exports/ports.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";

function samplePorts(n: number): Port[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    code: `P${String(i + 1).padStart(3, "0")}`,
    name: `Port of Sample ${i + 1}`,
    branchCode: i % 2 ? "CEB" : "MNL",
    location: `Pier ${i + 1}, Manila`,
    isActive: i % 5 !== 0,
    userCreated: "admin",
    userModified: "admin",
    dateCreated: "2025-01-02T03:04:05.000Z",
    dateModified: "2025-01-02T03:04:05.000Z",
  }));
}

function readSheet(bytes: Uint8Array): { name: string; rows: unknown[][]; cols: unknown } {
  const book = XLSX.read(bytes, { type: "array", cellStyles: true });
  const name = book.SheetNames[0];
  const sheet = book.Sheets[name];
  return { name, rows: XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null }), cols: sheet["!cols"] };
}

const pdfText = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const pageCount = (text: string) => (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;

describe("workbook builder", () => {
  it("writes the header row first, then one row per item, with the given widths", () => {
    const bytes = buildWorkbook({
      sheetName: "Things",
      columns: [
        { header: "Name", width: 20, value: (r: { name: string; qty: number | null; ok: boolean }) => r.name },
        { header: "Qty", width: 8, value: (r) => r.qty },
        { header: "Ok", width: 5, value: (r) => r.ok },
      ],
      rows: [{ name: "a", qty: 2, ok: true }, { name: "b", qty: null, ok: false }],
    });
    expect(bytes).toBeInstanceOf(Uint8Array);
    const { name, rows, cols } = readSheet(bytes);
    expect(name).toBe("Things");
    expect(rows).toEqual([["Name", "Qty", "Ok"], ["a", 2, true], ["b", null, false]]);
    expect((cols as { wch: number }[]).map((c) => c.wch)).toEqual([20, 8, 5]);
  });

  it("keeps a sheet name Excel accepts", () => {
    const bytes = buildWorkbook({ sheetName: "Ports / Branches: a very long sheet name", columns: [], rows: [] });
    const { name } = readSheet(bytes);
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
  });
});

describe("ports workbook", () => {
  it("lists every port under No, Code, Name, Branch, Location, Status", () => {
    const ports = samplePorts(7);
    const { rows } = readSheet(buildPortsWorkbook(ports));
    expect(PORTS_XLSX_NAME).toBe("Port_List.xlsx");
    expect(rows[0]).toEqual(["No", "Code", "Name", "Branch", "Location", "Status"]);
    expect(rows.slice(1)).toEqual(ports.map((p, i) => [i + 1, p.code, p.name, p.branchCode, p.location, p.isActive ? "Active" : "Inactive"]));
  });

  it("accepts rows straight from the database, with Date values", () => {
    const rows = samplePorts(2).map((p) => ({ ...p, dateCreated: new Date(p.dateCreated), dateModified: new Date(p.dateModified) }));
    expect(readSheet(buildPortsWorkbook(rows)).rows).toHaveLength(3);
  });
});

describe("list PDF", () => {
  it("is a PDF that carries the company, the title and the rows", () => {
    const text = pdfText(buildListPdf({
      title: "Things", subtitle: "for testing", orientation: "landscape",
      columns: [{ header: "Name", value: (r: { name: string }) => r.name }],
      rows: [{ name: "First thing" }, { name: "Second thing" }],
    }));
    expect(text.startsWith("%PDF-")).toBe(true);
    for (const s of ["(Lading)", "(Things)", "(for testing)", "(First thing)", "(Second thing)", "(Page 1 of 1)"]) expect(text).toContain(s);
    expect(pageCount(text)).toBe(1);
  });

  it("says so when there is nothing to list", () => {
    const text = pdfText(buildListPdf({ title: "Empty", orientation: "portrait", columns: [{ header: "Name", value: () => "" }], rows: [] }));
    expect(text).toContain("(No records.)");
    expect(pageCount(text)).toBe(1);
  });
});

describe("ports list PDF", () => {
  it("runs 120 ports over several numbered pages, repeating the column heads on each", () => {
    const ports = samplePorts(120);
    const bytes = buildPortsListPdf(ports, { generatedBy: "jdelacruz", generatedAt: new Date("2025-03-01T16:30:00Z") });
    const text = pdfText(bytes);
    expect(PORTS_PDF_NAME).toBe("Port_List.pdf");
    expect(text.startsWith("%PDF-")).toBe(true);
    const pages = pageCount(text);
    expect(pages).toBeGreaterThan(1);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`(Page ${n} of ${pages})`);
    expect(text).not.toContain(`(Page ${pages + 1} of`);
    expect(text.match(/\(Location\) Tj/g)).toHaveLength(pages);
    expect(text.match(/\(Lading\) Tj/g)).toHaveLength(pages);
    for (const p of ports) expect(text).toContain(`(${p.name})`);
    // 16:30 UTC is half past midnight the next day in Manila.
    expect(text).toContain("(Generated by jdelacruz on 2025-03-02 00:30 \\(Manila time\\))");
  });

  it("reads on paper as it should: every page headed and numbered, every port once, in order, over the pages", async () => {
    const ports = samplePorts(120);
    const rendered = await renderPdf(buildPortsListPdf(ports, { generatedBy: "jdelacruz", generatedAt: new Date("2025-03-01T16:30:00Z") }));
    expect(rendered.pageCount).toBeGreaterThan(2);
    const printedNumbers: number[][] = [];
    for (const page of rendered.pages) {
      expect(page.height).toBeGreaterThan(page.width);
      const text = normaliseOcr(page.text ?? "");
      const words = text.split(" ");
      for (const word of ["lading", "ports", "code", "name", "branch", "status"]) expect(words).toContain(word);
      expect(text).toContain("generated by jdelacruz on 2025-03-02 00:30 (manila time)");
      expect([...text.matchAll(/\bpage (\d+) of (\d+)\b/g)].map((m) => [Number(m[1]), Number(m[2])])).toEqual([[page.page, rendered.pageCount]]);
      printedNumbers.push([...text.matchAll(/\bport of sample (\d+)\b/g)].map((m) => Number(m[1])));
    }
    // Read off the page images, the names run 1 to 120 without a gap or a repeat, and no page is without rows.
    expect(printedNumbers.flat()).toEqual(ports.map((_, i) => i + 1));
    expect(printedNumbers.every((numbers) => numbers.length > 0)).toBe(true);
  }, 120_000);

  it("prints the whole of a row taller than a page, and every row after it, once each", () => {
    const words = Array.from({ length: 1500 }, (_, i) => `w${String(i).padStart(4, "0")}`);
    const rows = [{ name: "Before" }, { name: words.join(" ") }, ...Array.from({ length: 60 }, (_, i) => ({ name: `After ${i + 1}` }))];
    const text = pdfText(buildListPdf({ title: "Tall", orientation: "portrait", columns: [{ header: "Name", value: (r: { name: string }) => r.name }], rows }));
    const printed = [...text.matchAll(/\(([^()]*)\) Tj/g)].map((m) => m[1]).join(" ").split(" ");
    expect(printed.filter((w) => /^w\d{4}$/.test(w))).toEqual(words);
    for (let i = 1; i <= 60; i++) expect(text.match(new RegExp(`\\(After ${i}\\) Tj`, "g"))).toHaveLength(1);
    expect(pageCount(text)).toBeGreaterThan(2);
  });

  it("fits fewer rows on a landscape page than on a portrait one", () => {
    const rows = samplePorts(120);
    const columns = [{ header: "Code", value: (r: Port) => r.code }, { header: "Name", value: (r: Port) => r.name }];
    const portrait = pageCount(pdfText(buildListPdf({ title: "P", orientation: "portrait", columns, rows })));
    const landscape = pageCount(pdfText(buildListPdf({ title: "L", orientation: "landscape", columns, rows })));
    expect(landscape).toBeGreaterThan(portrait);
  });
});
