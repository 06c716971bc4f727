/** A document or export as the answer of a route: the browser shows a PDF inline and saves a workbook. */
export function fileResponse(bytes: Uint8Array, type: string, name: string, disposition: "inline" | "attachment") {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": type, "content-disposition": `${disposition}; filename="${name}"` },
  });
}

export const PDF_TYPE = "application/pdf";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
