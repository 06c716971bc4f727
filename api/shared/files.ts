/**
 * A file a service makes for someone to download: a printout (PDF) or a workbook (.xlsx). Routes serve it with
 * `fileResponse` (api/http/files.ts); the CLI writes it with `saveFile` (cli/output.ts). The file name is the
 * one the browser saves it under.
 */
export interface DownloadFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

export const PDF_TYPE = "application/pdf";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function pdfFile(bytes: Uint8Array, fileName: string): DownloadFile {
  return { bytes, fileName, contentType: PDF_TYPE };
}

export function workbookFile(bytes: Uint8Array, fileName: string): DownloadFile {
  return { bytes, fileName, contentType: XLSX_TYPE };
}
