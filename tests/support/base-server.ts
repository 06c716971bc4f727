import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { freePort } from "./free-port.ts";

/**
 * A BASE for the tests: a real HTTP server on a free port that speaks the contract of
 * api/modules/accounting/README.md, keeps what it received, and misbehaves on demand the ways a real one does:
 * down (nothing listens), storing a document and dropping the answer, storing it and answering 5xx, refusing a
 * document with a 4xx, or storing it and holding the answer until released (a Lading process may die meanwhile).
 */

export interface StoredDocument {
  documentId: string;
  idempotencyKey: string;
  payloadHash: string;
  docType: string;
  reference: string;
  revision: number;
  documentDate: string;
  branchCode: string;
  voyageNum: string | null;
  gross: string;
  payload: Record<string, unknown>;
  custDetails: { customerCode: string | null; name: string };
  receivedAt: Date;
}

/** How the next sends are treated; "normal" stores and answers. */
export type BaseMode = "normal" | "dropAnswer" | "fail5xxAfterStore" | "refuse4xx" | "holdAnswer";

export interface BaseServer {
  url: string;
  apiKey: string;
  /** Every document stored, in the order it arrived. */
  documents: () => StoredDocument[];
  /** How many documents are stored under a key (the contract says at most one). */
  countOf: (idempotencyKey: string) => number;
  /** Every POST /documents it was sent, whatever it answered (the keys in order). */
  sends: () => string[];
  /** Every lookup by reference it answered. */
  lookups: () => string[];
  setMode: (mode: BaseMode, options?: { times?: number; onlyKey?: string }) => void;
  /** Stops listening (connections are refused) until up(). */
  down: () => Promise<void>;
  up: () => Promise<void>;
  /** Answers the sends held by "holdAnswer". */
  releaseHeld: () => void;
  /** Resolves once a document with this key is stored. */
  stored: (idempotencyKey: string) => Promise<StoredDocument>;
  /** BASE's own ids for the master-data lookups. */
  directory: { branches: Map<string, string>; items: Map<string, { itemCode: string; description: string }>; profitCenters: Map<string, string> };
  /** Puts a document in BASE as if typed in by hand there (for "already exists"). */
  storeByHand: (doc: Pick<StoredDocument, "docType" | "reference" | "revision" | "gross" | "documentDate" | "branchCode">) => StoredDocument;
  stop: () => Promise<void>;
}

/** The same canonical JSON as the outbox: keys sorted at every level. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startBaseServer(options: { apiKey?: string; port?: number } = {}): Promise<BaseServer> {
  const apiKey = options.apiKey ?? "base-test-key-0123456789";
  const port = options.port ?? await freePort();
  const docs: StoredDocument[] = [];
  const sends: string[] = [];
  const lookups: string[] = [];
  const held: (() => void)[] = [];
  const waiters: { key: string; resolve: (doc: StoredDocument) => void }[] = [];
  let mode: BaseMode = "normal";
  let modeTimes = Infinity;
  let modeKey: string | undefined;
  let serial = 1000;
  const directory = { branches: new Map<string, string>(), items: new Map<string, { itemCode: string; description: string }>(), profitCenters: new Map<string, string>() };

  /** The mode that applies to this send, used up once per send when it was given a count. */
  const modeFor = (key: string): BaseMode => {
    if (mode === "normal" || (modeKey && modeKey !== key)) return "normal";
    const current = mode;
    modeTimes -= 1;
    if (modeTimes <= 0) mode = "normal";
    return current;
  };

  const store = (doc: Omit<StoredDocument, "documentId" | "receivedAt">): StoredDocument => {
    const stored = { ...doc, documentId: `BASE-${++serial}`, receivedAt: new Date() };
    docs.push(stored);
    for (const w of waiters.filter((w) => w.key === stored.idempotencyKey)) w.resolve(stored);
    return stored;
  };
  const listed = (d: StoredDocument) => ({
    documentId: d.documentId, idempotencyKey: d.idempotencyKey, docType: d.docType, reference: d.reference, revision: d.revision,
    documentDate: d.documentDate, branchCode: d.branchCode, voyageNum: d.voyageNum, gross: d.gross, custDetails: d.custDetails,
    message: `Document ${d.reference} is booked as ${d.documentId}`,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(res, 401, { Message: "The API key is not valid." });
    if (req.method === "POST" && url.pathname === "/documents") {
      const key = String(req.headers["idempotency-key"] ?? "");
      const text = await bodyOf(req);
      if (!key) return answer(res, 400, { code: "VALIDATION", message: "Idempotency-Key is required." });
      sends.push(key);
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(text);
      } catch {
        return answer(res, 400, { code: "VALIDATION", message: "The body is not JSON." });
      }
      const hash = createHash("sha256").update(canonical(payload)).digest("hex");
      const sentHash = String(req.headers["x-payload-sha256"] ?? "");
      if (sentHash && sentHash !== hash) return answer(res, 400, { code: "VALIDATION", message: "X-Payload-SHA256 does not match the body." });
      const treatment = modeFor(key);
      if (treatment === "refuse4xx") {
        return answer(res, 422, { code: "VALIDATION", message: `The customer of ${String(payload.reference)} is not in BASE.`, errors: { buyer: ["unknown customer"] } });
      }
      const existing = docs.find((d) => d.idempotencyKey === key);
      let doc: StoredDocument;
      let status = 201;
      if (existing) {
        // The first answer again for the same content; the key is never reused for other content.
        if (existing.payloadHash !== hash) {
          return answer(res, 409, { code: "IDEMPOTENCY_KEY_REUSED", message: `${key} was used before with other content.` });
        }
        doc = existing;
        status = 200;
      } else {
        const reference = String(payload.reference ?? "");
        const docType = String(payload.docType ?? "");
        const revision = Number(payload.revision ?? 1);
        const same = docs.find((d) => d.reference === reference && d.docType === docType && d.revision === revision);
        if (same) return answer(res, 409, { code: "ALREADY_EXISTS", message: `${docType} ${reference} already exists in BASE as ${same.documentId}.` });
        const buyer = (payload.buyer ?? {}) as { customerCode?: string | null; name?: string };
        doc = store({
          idempotencyKey: key, payloadHash: hash, docType, reference, revision,
          documentDate: String(payload.documentDate ?? ""), branchCode: String(payload.branchCode ?? ""),
          voyageNum: (payload.voyageNum as string | null) ?? null, gross: String((payload.totals as { gross?: string } | undefined)?.gross ?? "0.00"),
          payload, custDetails: { customerCode: buyer.customerCode ?? null, name: buyer.name ?? "" },
        });
      }
      if (treatment === "dropAnswer") return req.socket.destroy();
      if (treatment === "fail5xxAfterStore") return answer(res, 500, { Message: "BASE had a problem after storing the document." });
      const reply = () => answer(res, status, { documentId: doc.documentId, custDetails: doc.custDetails, message: `Document ${doc.reference} posted as ${doc.documentId}` });
      if (treatment === "holdAnswer") {
        held.push(reply);
        return;
      }
      return reply();
    }
    if (req.method === "GET" && url.pathname === "/documents") {
      const reference = url.searchParams.get("reference");
      const date = url.searchParams.get("date");
      if (reference !== null) {
        lookups.push(reference);
        return answer(res, 200, { data: docs.filter((d) => d.reference === reference).map(listed) });
      }
      if (date !== null) return answer(res, 200, { data: docs.filter((d) => d.documentDate === date).map(listed) });
      return answer(res, 400, { code: "VALIDATION", message: "Give a reference or a date." });
    }
    const branch = /^\/branches\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && branch) {
      const id = directory.branches.get(decodeURIComponent(branch[1]));
      return id ? answer(res, 200, { branchId: id }) : answer(res, 404, { message: "No such branch in BASE." });
    }
    if (req.method === "GET" && url.pathname === "/items") {
      const item = directory.items.get(`${url.searchParams.get("chargeCode")}/${url.searchParams.get("branchCode")}`);
      return item ? answer(res, 200, item) : answer(res, 404, { message: "No such item in BASE." });
    }
    const vessel = /^\/profitCenters\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && vessel) {
      const center = directory.profitCenters.get(decodeURIComponent(vessel[1]));
      return center ? answer(res, 200, { profitCenter: center }) : answer(res, 404, { message: "No such vessel in BASE." });
    }
    return answer(res, 404, { message: "Not found." });
  }

  let server: Server;
  const sockets = new Set<Socket>();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((req, res) => {
        handle(req, res).catch((err) => answer(res, 500, { message: String(err) }));
      });
      server.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const close = async () => {
    await new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
    // A client's kept-alive connection learns of the close a moment later; until then a send on it would end as a
    // dropped connection (uncertain) rather than as the refused connection of a server that is down.
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    documents: () => [...docs],
    countOf: (key) => docs.filter((d) => d.idempotencyKey === key).length,
    sends: () => [...sends],
    lookups: () => [...lookups],
    setMode: (next, o = {}) => {
      mode = next;
      modeTimes = o.times ?? Infinity;
      modeKey = o.onlyKey;
    },
    down: close,
    up: listen,
    releaseHeld: () => {
      for (const reply of held.splice(0)) {
        try {
          reply();
        } catch {
          // Its connection is gone: the sender stopped.
        }
      }
    },
    stored: (key) => {
      const found = docs.find((d) => d.idempotencyKey === key);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ key, resolve }));
    },
    directory,
    storeByHand: (doc) => store({ ...doc, idempotencyKey: `BY-HAND:${doc.reference}`, payloadHash: "", voyageNum: null, payload: {}, custDetails: { customerCode: null, name: "" } }),
    stop: close,
  };
}
