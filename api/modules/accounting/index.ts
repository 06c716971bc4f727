import type { LadingModule } from "../manifest.ts";

export { enqueuePosting, idempotencyKeyOf, POSTING_DOC_TYPES, type PostingDocType, type PostingRequest } from "./posting/outbox.ts";
export { SIDE_CODES, type WaybillSide, waybillSidePaid } from "./collections/paid.ts";

import { seedDemoCollections } from "./collections/demo.ts";
import { collectionRoutes } from "./collections/routes.ts";
import { seedDemoManualInvoices } from "./manual-invoices/demo.ts";
import { manualInvoiceRoutes } from "./manual-invoices/routes.ts";
import { pdcRoutes } from "./pdc/routes.ts";

/**
 * Accounting (001 §2 /CROAccounting): cargo-release accounting and the waybill invoices, collections with the
 * tax the payer withholds, post-dated cheques, manual sales invoices, the SI archive and the postings to BASE.
 */
export const accountingModule: LadingModule = {
  name: "accounting",
  routes: [...collectionRoutes, ...pdcRoutes, ...manualInvoiceRoutes],
  jobs: [],
  // The cashier's part of the line: collections on the invoices issued before it, cheques, a manual SI.
  demo: async (db, ctx) => ({ ...(await seedDemoCollections(db, ctx)), ...(await seedDemoManualInvoices(db, ctx)) }),
};
