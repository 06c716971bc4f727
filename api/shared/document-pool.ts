/**
 * Printouts and workbooks built off the request thread.
 *
 * jsPDF and SheetJS build synchronously: a 20,000-row workbook keeps a thread busy for about half a second, and on
 * the thread that answers requests every other caller would wait that long. The server therefore starts a small
 * pool of Web Workers (`startDocumentWorkers` in api/main.ts); `buildDocument` hands the document's data to a free
 * worker and the request thread goes on answering others until the file comes back. At most `workers` builds run
 * at once and at most `waiting` more wait for a worker; beyond that a download is refused at once with a 503 and
 * a Retry-After, instead of piling up memory and time no one will wait for.
 *
 * Without a pool (the CLI, a server started with LADING_DOCUMENT_WORKERS=0, tests run under Node, which has no Web
 * Workers) the same builders (templates/builders.ts) run in process.
 */
import { buildInProcess, type DocumentInput, type DocumentName } from "../../templates/builders.ts";
export type { DocumentInput, DocumentName };
import { RetryLaterError } from "./errors.ts";
import type { DownloadFile } from "./files.ts";

/**
 * What the request thread sends a worker: a document's whole input, or its rows a page at a time (`rows`, then
 * `done`, or `abort` when reading them failed).
 */
export type BuildRequest =
  | { id: number; name: string; input: unknown }
  | { id: number; name: string; rows: unknown[] }
  | { id: number; name: string; done: true }
  | { id: number; name: string; abort: true };

/** What a worker sends back: the file, or why it could not be built. */
export type BuildReply = { id: number; file: DownloadFile; error?: undefined } | { id: number; error: string; file?: undefined };

/** One finished build, for the log: times are performance.now() readings of the request thread. */
export interface DocumentBuild {
  name: DocumentName;
  /**
   * When it was asked for, when a worker took it, when the worker had all its input (a list document's rows are
   * read and sent a page at a time after a worker takes it) and when its file (or failure) came back.
   */
  askedAt: number;
  startedAt: number;
  inputAt: number;
  finishedAt: number;
  bytes: number;
  failed?: string;
}

export interface DocumentPoolOptions {
  /** Documents built at once, one per worker. */
  workers: number;
  /** Builds that may wait for a free worker; one more is refused (503). */
  waiting: number;
  /** Told of every build once it is over. */
  onBuilt?: (build: DocumentBuild) => void;
}

/** Building every document on a 2-core machine leaves one core to answer requests. */
export function defaultDocumentWorkers(cores = navigator.hardwareConcurrency || 2): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** About ten seconds of waiting for a 20,000-row workbook on one worker. */
export const DEFAULT_DOCUMENT_QUEUE = 16;

const WORKER_URL = new URL("./document-worker.ts", import.meta.url).href;

interface Job {
  id: number;
  name: DocumentName;
  input: { whole: unknown } | { pages: AsyncIterable<unknown[]> };
  /** Why reading the pages failed; the job is refused with it once its worker has let go. */
  readError?: Error;
  askedAt: number;
  startedAt: number;
  inputAt: number;
  resolve: (file: DownloadFile) => void;
  reject: (err: Error) => void;
}

export class DocumentPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** The last builds' durations, to tell a refused caller how long the queue would take. */
  private recentMs: number[] = [];

  constructor(private readonly options: DocumentPoolOptions) {
    if (!(options.workers >= 1)) throw new Error("A document pool needs at least one worker.");
  }

  /** Builds one document in a worker; refuses with a 503 when every worker is busy and the queue is full. */
  build<N extends DocumentName>(name: N, input: DocumentInput<N>): Promise<DownloadFile> {
    return this.enqueue(name, { whole: input });
  }

  /**
   * Builds a list document whose rows are read a page at a time: the pages are read once a worker is free and
   * sent to it as they come, so neither the reading nor the copying to the worker holds the request thread long.
   */
  buildFromPages<N extends RowsDocument>(name: N, pages: AsyncIterable<DocumentInput<N>>): Promise<DownloadFile> {
    return this.enqueue(name, { pages: pages as AsyncIterable<unknown[]> });
  }

  private enqueue(name: DocumentName, input: Job["input"]): Promise<DownloadFile> {
    if (this.closed) return Promise.reject(new RetryLaterError("The server is stopping; try again in a moment.", 5, "UNAVAILABLE"));
    if (this.busy.size >= this.options.workers && this.queue.length >= this.options.waiting) {
      return Promise.reject(new RetryLaterError(
        "The server is busy building other documents; try again in a few seconds.",
        this.retryAfterSeconds(),
        "UNAVAILABLE",
      ));
    }
    return new Promise<DownloadFile>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, name, input, askedAt: performance.now(), startedAt: 0, inputAt: 0, resolve, reject });
      this.dispatch();
    });
  }

  /** Builds running and waiting now. */
  get load(): { building: number; waiting: number; workers: number } {
    return { building: this.busy.size, waiting: this.queue.length, workers: this.busy.size + this.idle.length };
  }

  /** Ends every worker; builds still waiting are refused. */
  close(): void {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new RetryLaterError("The server is stopping; try again in a moment.", 5, "UNAVAILABLE"));
    for (const [worker, job] of this.busy) {
      worker.terminate();
      job.reject(new RetryLaterError("The server is stopping; try again in a moment.", 5, "UNAVAILABLE"));
    }
    this.busy.clear();
    for (const worker of this.idle.splice(0)) worker.terminate();
  }

  private retryAfterSeconds(): number {
    const average = this.recentMs.length ? this.recentMs.reduce((a, b) => a + b, 0) / this.recentMs.length : 1000;
    return Math.max(1, Math.ceil((average * (this.queue.length + 1)) / this.options.workers / 1000));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size + this.idle.length < this.options.workers ? this.spawn() : null);
      if (!worker) return;
      const job = this.queue.shift()!;
      job.startedAt = job.inputAt = performance.now();
      this.busy.set(worker, job);
      if ("pages" in job.input) {
        void this.sendPages(worker, job, job.input.pages);
        continue;
      }
      try {
        worker.postMessage({ id: job.id, name: job.name, input: job.input.whole } satisfies BuildRequest);
      } catch (err) {
        // Data a worker cannot be sent (a function, a class with private state) is a fault of the caller's code.
        this.busy.delete(worker);
        this.idle.push(worker);
        this.settle(job, err instanceof Error ? err : new Error(String(err)));
      }
    }
  }

  private async sendPages(worker: Worker, job: Job, pages: AsyncIterable<unknown[]>): Promise<void> {
    try {
      for await (const rows of pages) {
        if (this.busy.get(worker) !== job) return; // the worker stopped, or the pool closed
        worker.postMessage({ id: job.id, name: job.name, rows } satisfies BuildRequest);
      }
      job.inputAt = performance.now();
      if (this.busy.get(worker) === job) worker.postMessage({ id: job.id, name: job.name, done: true } satisfies BuildRequest);
    } catch (err) {
      job.readError = err instanceof Error ? err : new Error(String(err));
      if (this.busy.get(worker) === job) worker.postMessage({ id: job.id, name: job.name, abort: true } satisfies BuildRequest);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { type: "module" });
    worker.onmessage = (event: MessageEvent<BuildReply>) => {
      const job = this.busy.get(worker);
      if (!job || job.id !== event.data.id) return;
      this.busy.delete(worker);
      if (this.closed) worker.terminate();
      else this.idle.push(worker);
      const reply = event.data;
      if (job.readError) this.settle(job, job.readError);
      else if (reply.file) this.settle(job, reply.file);
      else this.settle(job, new Error(`Building ${job.name} failed in a document worker: ${reply.error}`));
      this.dispatch();
    };
    worker.onerror = (event: ErrorEvent) => {
      // A worker that failed outside a build (it ran out of memory, a template did not load) is replaced.
      event.preventDefault();
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const idleAt = this.idle.indexOf(worker);
      if (idleAt >= 0) this.idle.splice(idleAt, 1);
      worker.terminate();
      if (job) this.settle(job, new Error(`A document worker stopped while building ${job.name}: ${event.message}`));
      this.dispatch();
    };
    return worker;
  }

  private settle(job: Job, outcome: DownloadFile | Error): void {
    const finishedAt = performance.now();
    if (!(outcome instanceof Error)) {
      this.recentMs = [...this.recentMs.slice(-9), finishedAt - job.startedAt];
    }
    this.options.onBuilt?.({
      name: job.name,
      askedAt: job.askedAt,
      startedAt: job.startedAt,
      inputAt: job.inputAt,
      finishedAt,
      bytes: outcome instanceof Error ? 0 : outcome.bytes.byteLength,
      ...(outcome instanceof Error ? { failed: outcome.message } : {}),
    });
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }
}

/** The documents built from a list of rows, which can be sent to a worker a page at a time. */
export type RowsDocument = { [N in DocumentName]: DocumentInput<N> extends readonly unknown[] ? N : never }[DocumentName];

let pool: DocumentPool | null = null;

/** Starts the process's pool; from then on every document is built in it. */
export function startDocumentWorkers(options: DocumentPoolOptions): DocumentPool {
  pool?.close();
  pool = new DocumentPool(options);
  return pool;
}

/** Ends the process's pool (the server stopping); later documents are built in process. */
export function stopDocumentWorkers(): void {
  pool?.close();
  pool = null;
}

/**
 * A document's file, built in the pool when this process has one, in process otherwise. Services call this and
 * nothing else to make a printout or a workbook.
 */
export function buildDocument<N extends DocumentName>(name: N, input: DocumentInput<N>): Promise<DownloadFile> {
  return pool ? pool.build(name, input) : buildInProcess(name, input);
}

/** A list document's file from its rows read a page at a time (readInPages in chunks.ts), in the pool or in process. */
export async function buildDocumentFromPages<N extends RowsDocument>(name: N, pages: AsyncIterable<DocumentInput<N>>): Promise<DownloadFile> {
  if (pool) return await pool.buildFromPages(name, pages);
  const rows: unknown[] = [];
  for await (const page of pages) for (const row of page) rows.push(row);
  return await buildInProcess(name, rows as DocumentInput<N>);
}
