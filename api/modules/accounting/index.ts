import type { LadingModule } from "../manifest.ts";

export { enqueuePosting, idempotencyKeyOf, POSTING_DOC_TYPES, type PostingDocType, type PostingRequest } from "./posting/outbox.ts";
// The posting relay and its connector to BASE: the server's settings configure it, `lading post` runs it.
export { type BaseConnector, createBaseConnector } from "./posting/connector.ts";
export { baseDirectoryOf } from "./posting/directory.ts";
export { relayPostings, type RelayReport } from "./posting/relay.ts";
export { configureBase } from "./posting/service.ts";

import { archiveRoutes } from "./archive/routes.ts";
import { seedDemoAccounting } from "./demo.ts";
import { invoiceRoutes } from "./invoices/routes.ts";
import { postingJobs } from "./posting/jobs.ts";
import { postingRoutes } from "./posting/routes.ts";

// An invoiced waybill re-priced (an approved booking change): its invoices cancelled, reversed and issued again.
export { correctWaybillInvoices, type InvoiceCorrection, type InvoiceCorrectionRequest } from "./invoices/correction.ts";
export { releaseAnswer, SIDE_CODES, type WaybillSide, waybillSidePaid, waybillsPaid } from "./collections/paid.ts";
// The demo line's consignee paying a waybill's collect side at the counter (the inbound part of the line).
export { seedDemoCounterPayment } from "./collections/demo.ts";

import { seedDemoCollections } from "./collections/demo.ts";
import { collectionRoutes } from "./collections/routes.ts";
import { seedDemoManualInvoices } from "./manual-invoices/demo.ts";
import { manualInvoiceRoutes } from "./manual-invoices/routes.ts";
import { pdcRoutes } from "./pdc/routes.ts";
// The cheques list, for the home page's count of the cheques due.
export { listCheques } from "./pdc/service.ts";

/**
 * Accounting (001 §2 /CROAccounting): cargo-release accounting and the waybill invoices, collections with the
 * tax the payer withholds, post-dated cheques, manual sales invoices, the SI archive and the postings to BASE.
 */
export const accountingModule: LadingModule = {
  name: "accounting",
  routes: [...invoiceRoutes, ...postingRoutes, ...archiveRoutes, ...collectionRoutes, ...pdcRoutes, ...manualInvoiceRoutes],
  jobs: [...postingJobs],
  commands: registerPostCommands,
  // The cashier's line: the waybills invoiced (and posted) first, then collections on them, cheques, a manual SI.
  demo: async (db, ctx) => ({
    ...(await seedDemoAccounting(db, ctx)),
    ...(await seedDemoCollections(db, ctx)),
    ...(await seedDemoManualInvoices(db, ctx)),
  }),
};

// Last: the command files import this index back, so everything above is ready when they load.
import { registerPostCommands } from "../../../cli/commands/post.ts";
