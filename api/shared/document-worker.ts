/// <reference lib="deno.worker" />
/**
 * One worker of the document pool (document-pool.ts): builds the documents it is sent, one at a time, with
 * the same builders the CLI calls, and sends each file back without copying its bytes.
 */
import { buildInProcess, type DocumentName, isDocumentName } from "../../templates/builders.ts";
import type { BuildReply, BuildRequest } from "./document-pool.ts";

/** Rows of a document sent a page at a time, gathered until the last page is in. */
const gathering = new Map<number, unknown[]>();

async function build(id: number, name: DocumentName, input: unknown): Promise<void> {
  try {
    const file = await buildInProcess(name, input as never);
    // A builder may answer a view of a larger buffer; only a buffer the bytes fill can be handed over as it is.
    const bytes = file.bytes.byteOffset === 0 && file.bytes.byteLength === file.bytes.buffer.byteLength ? file.bytes : file.bytes.slice();
    self.postMessage({ id, file: { ...file, bytes } } satisfies BuildReply, [bytes.buffer as ArrayBuffer]);
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies BuildReply);
  }
}

self.onmessage = async (event: MessageEvent<BuildRequest>) => {
  const request = event.data;
  const { id, name } = request;
  if (!isDocumentName(name)) {
    gathering.delete(id);
    self.postMessage({ id, error: `There is no document named "${name}".` } satisfies BuildReply);
    return;
  }
  if ("input" in request) return await build(id, name, request.input);
  if ("rows" in request) {
    const rows = gathering.get(id) ?? [];
    for (const row of request.rows) rows.push(row);
    gathering.set(id, rows);
    return;
  }
  const rows = gathering.get(id) ?? [];
  gathering.delete(id);
  if ("abort" in request) self.postMessage({ id, error: "Reading the document's rows failed." } satisfies BuildReply);
  else await build(id, name, rows);
};
