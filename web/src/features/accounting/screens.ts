import { PAGES } from "../../lib/paths.ts";

/**
 * The screens of the CRO Accounting menu, in the order their tabs show; each part of accounting adds its own
 * line. A screen whose address needs a voyage (the postings of one) is reached from the voyages list instead.
 */
export const ACCOUNTING_SCREENS: readonly { path: string; title: string; testId: string }[] = [
  { path: PAGES.croAccounting, title: "Voyages", testId: "tab-cro-voyages" },
  { path: PAGES.collectionAtDat, title: "Collections", testId: "tab-cro-collections" },
  { path: PAGES.pdcClearing, title: "PDC clearing", testId: "tab-cro-pdc" },
  { path: PAGES.form2307, title: "Form 2307", testId: "tab-cro-form2307" },
  { path: PAGES.manualSalesInvoices, title: "Manual SIs", testId: "tab-cro-manual-si" },
  { path: PAGES.atpBooklets, title: "ATP booklets", testId: "tab-cro-booklets" },
  { path: PAGES.croReconciliation, title: "Reconciliation", testId: "tab-cro-reconciliation" },
  { path: PAGES.siArchive, title: "SI archive", testId: "tab-si-archive" },
];
