import { type DownloadFile, PDF_TYPE } from "../shared/files.ts";

/**
 * The one way a route answers with a file: the browser shows a PDF inline and saves anything else (a workbook)
 * under the file's name.
 */
export function fileResponse(file: DownloadFile): Response {
  const disposition = file.contentType === PDF_TYPE ? "inline" : "attachment";
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": file.contentType, "content-disposition": `${disposition}; filename="${file.fileName}"` },
  });
}
