import { PAGES } from "../../lib/paths.ts";

/**
 * The screens of the CRO Accounting menu, in the order their tabs show; each part of accounting adds its own
 * line. A screen whose address needs a voyage (the postings of one) is reached from the voyages list instead.
 */
export const ACCOUNTING_SCREENS: readonly { path: string; title: string; testId: string }[] = [
  { path: PAGES.croAccounting, title: "Voyages", testId: "tab-cro-voyages" },
  { path: PAGES.croReconciliation, title: "Reconciliation", testId: "tab-cro-reconciliation" },
  { path: PAGES.siArchive, title: "SI archive", testId: "tab-si-archive" },
];
