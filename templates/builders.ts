import { type DownloadFile, pdfFile, workbookFile } from "../api/shared/files.ts";
import type { AtwDocument } from "./documents/authority-to-withdraw.ts";
import type { BookingSlipDocument } from "./documents/cargo-booking-slip.ts";
import type { CargoDeliveryReceiptDocument } from "./documents/cargo-delivery-receipt.ts";
import type { CargoReleaseOrderDocument } from "./documents/cargo-release-order.ts";
import type { CargoArrivalNoticeDocument } from "./documents/cargo-arrival-notice.ts";
import type { VesselArrivalNoticeDocument } from "./documents/vessel-arrival-notice.ts";
import type { VanInClearanceDocument } from "./documents/van-in-clearance.ts";
import type { CargoTransferSlipDocument } from "./documents/cargo-transfer-slip.ts";
import type { CollectionReceiptDocument } from "./documents/collection-receipt.ts";
import type { HustlingSlipDocument } from "./documents/hustling-slip.ts";
import type { ManualSalesInvoiceDocument } from "./documents/manual-sales-invoice.ts";
import type { QuotationMemo } from "./documents/sales-quotation-memo.ts";
import type { QuotationPrintout } from "./documents/sales-quotation.ts";
import type { TruckerWaybillLayout, WaybillDocument } from "./documents/waybill.ts";
import type { StowagePlanDocument } from "./documents/stowage-plan.ts";
import type { LoadingConfirmationDocument } from "./documents/loading-confirmation.ts";
import type { InvoiceDocument } from "./documents/invoice.ts";
import type { LoadListDocument } from "./documents/load-list.ts";
import type { TallySheetDocument } from "./documents/tally-sheet.ts";
import type { LoadListWorkbook } from "./exports/load-list.ts";
import type { DeliveryListLine } from "../api/modules/bookings/schemas.ts";
import type { CustomerQuotationExport } from "./exports/sales-quotations.ts";
import type { SoundingReportExport } from "./exports/sounding-report.ts";
import type { AeSummaryExport, AgingExport, CustomersPerAeExport } from "./exports/sq-reports.ts";
import type { TruckingExportRow } from "./exports/truckings.ts";
import type { VoyageScheduleExportRow } from "./exports/voyage-schedule.ts";
import type { ApprovedChangeExportRow } from "./exports/booking-changes.ts";
import type { BuildupReportDocument } from "./documents/buildup-report.ts";
import type { VoyageReport } from "./exports/voyage-reports.ts";
import type {
  BookingReport,
  ComparativeRevenueReport,
  CsrReport,
  OperationReport,
  RevenueReport,
  SqCommodityReport,
  TallyFinalizationReport,
  VoyageHistoryReport,
} from "../api/modules/reports/schemas.ts";
import type { DwellTimeReport } from "../api/modules/inbound/dwell-time/schemas.ts";

/**
 * Every printout and workbook the server hands out, by name: the one place that turns a document's data into
 * its file. The server builds them in a pool of workers (api/shared/document-pool.ts), so each entry takes one
 * plain value (what a worker can be sent) and answers the file with its name; the CLI, and a server started
 * without workers, call the same entries in process.
 *
 * An entry loads its template on first use: the PDF and workbook libraries are large, and a worker (or the
 * process) loads only what it is asked to build.
 */
export const documentBuilders = {
  truckingList: async () => {
    const t = await import("./exports/truckings.ts");
    return (rows: TruckingExportRow[]): DownloadFile => workbookFile(t.buildTruckingsWorkbook(rows), t.TRUCKINGS_XLSX_NAME);
  },
  voyageSchedule: async () => {
    const t = await import("./exports/voyage-schedule.ts");
    return (rows: VoyageScheduleExportRow[]): DownloadFile => workbookFile(t.buildVoyageScheduleWorkbook(rows), t.VOYAGE_SCHEDULE_XLSX_NAME);
  },
  approvedBookingChanges: async () => {
    const t = await import("./exports/booking-changes.ts");
    return (rows: ApprovedChangeExportRow[]): DownloadFile => workbookFile(t.buildApprovedChangesWorkbook(rows), t.APPROVED_BC_XLSX_NAME);
  },
  soundingReport: async () => {
    const t = await import("./exports/sounding-report.ts");
    return (report: SoundingReportExport): DownloadFile => workbookFile(t.buildSoundingReportWorkbook(report), t.soundingReportFileName(report));
  },
  customerQuotations: async () => {
    const t = await import("./exports/sales-quotations.ts");
    return (input: { customerCode: string; quotations: CustomerQuotationExport[] }): DownloadFile =>
      workbookFile(t.buildCustomerQuotationsWorkbook(input.quotations), t.customerQuotationsFileName(input.customerCode));
  },
  aeSummary: async () => {
    const t = await import("./exports/sq-reports.ts");
    return (report: AeSummaryExport): DownloadFile => workbookFile(t.buildAeSummaryWorkbook(report), t.SQ_AE_REPORT_XLSX_NAME);
  },
  customersPerAe: async () => {
    const t = await import("./exports/sq-reports.ts");
    return (report: CustomersPerAeExport): DownloadFile => workbookFile(t.buildCustomersPerAeWorkbook(report), t.SQ_CUSTOMERS_PER_AE_XLSX_NAME);
  },
  quotationAging: async () => {
    const t = await import("./exports/sq-reports.ts");
    return (report: AgingExport): DownloadFile => workbookFile(t.buildAgingWorkbook(report), t.SQ_AGING_XLSX_NAME);
  },
  revenueReport: async () => {
    const t = await import("./exports/revenue-report.ts");
    return (report: RevenueReport): DownloadFile => workbookFile(t.buildRevenueReportWorkbook(report), t.revenueReportFileName(report));
  },
  comparativeRevenue: async () => {
    const t = await import("./exports/comparative-revenue.ts");
    return (report: ComparativeRevenueReport): DownloadFile => workbookFile(t.buildComparativeRevenueWorkbook(report), t.comparativeRevenueFileName(report));
  },
  operationReport: async () => {
    const t = await import("./exports/operation-report.ts");
    return (report: OperationReport): DownloadFile => workbookFile(t.buildOperationReportWorkbook(report), t.operationReportFileName(report));
  },
  tallyFinalization: async () => {
    const t = await import("./exports/tally-finalization.ts");
    return (report: TallyFinalizationReport): DownloadFile => workbookFile(t.buildTallyFinalizationWorkbook(report), t.tallyFinalizationFileName(report));
  },
  dwellTime: async () => {
    const t = await import("./exports/dwell-time.ts");
    return (report: DwellTimeReport): DownloadFile => workbookFile(t.buildDwellTimeWorkbook(report), t.dwellTimeFileName(report));
  },
  voyageHistory: async () => {
    const t = await import("./exports/voyage-history.ts");
    return (report: VoyageHistoryReport): DownloadFile => workbookFile(t.buildVoyageHistoryWorkbook(report), t.voyageHistoryFileName(report));
  },
  bookingReport: async () => {
    const t = await import("./exports/booking-reports.ts");
    return (report: BookingReport): DownloadFile => workbookFile(t.buildBookingReportWorkbook(report), t.bookingReportFileName(report));
  },
  sqCommodityReport: async () => {
    const t = await import("./exports/sq-commodity.ts");
    return (report: SqCommodityReport): DownloadFile => workbookFile(t.buildSqCommodityWorkbook(report), t.sqCommodityFileName(report));
  },
  csrReport: async () => {
    const t = await import("./exports/booking-reports.ts");
    return (report: CsrReport): DownloadFile => workbookFile(t.buildCsrReportWorkbook(report), t.csrReportFileName(report));
  },
  pickUpList: async () => {
    const t = await import("./exports/pick-up-list.ts");
    return (input: { branchCode: string; lines: DeliveryListLine[] }): DownloadFile =>
      workbookFile(t.buildPickUpListWorkbook(`Pick-up list ${input.branchCode}`, input.lines), t.PICK_UP_LIST_FILE);
  },
  deliveryList: async () => {
    const t = await import("./exports/pick-up-list.ts");
    return (input: { branchCode: string; lines: DeliveryListLine[] }): DownloadFile =>
      workbookFile(t.buildPickUpListWorkbook(`Delivery list ${input.branchCode}`, input.lines), t.DELIVERY_LIST_FILE);
  },
  quotationPrintout: async () => {
    const t = await import("./documents/sales-quotation.ts");
    return (view: QuotationPrintout): DownloadFile => pdfFile(t.buildQuotationPrintoutPdf(view), t.QUOTATION_PRINTOUT_NAME(view.sqRefNum));
  },
  quotationMemo: async () => {
    const t = await import("./documents/sales-quotation-memo.ts");
    return (memo: QuotationMemo): DownloadFile => pdfFile(t.buildQuotationMemoPdf(memo), t.QUOTATION_MEMO_NAME(memo.memoRef));
  },
  authorityToWithdraw: async () => {
    const t = await import("./documents/authority-to-withdraw.ts");
    return (view: AtwDocument): DownloadFile => pdfFile(t.buildAuthorityToWithdrawPdf(view), t.AUTHORITY_TO_WITHDRAW_NAME(view.bookingRef));
  },
  bookingSlip: async () => {
    const t = await import("./documents/cargo-booking-slip.ts");
    return (view: BookingSlipDocument): DownloadFile => pdfFile(t.buildCargoBookingSlipPdf(view), t.CARGO_BOOKING_SLIP_NAME(view.bookingRef));
  },
  cargoTransferSlip: async () => {
    const t = await import("./documents/cargo-transfer-slip.ts");
    return (view: CargoTransferSlipDocument): DownloadFile => pdfFile(t.buildCargoTransferSlipPdf(view), t.CARGO_TRANSFER_SLIP_NAME(view.ctsNum));
  },
  cargoArrivalNotice: async () => {
    const t = await import("./documents/cargo-arrival-notice.ts");
    return (view: CargoArrivalNoticeDocument): DownloadFile => pdfFile(t.buildCargoArrivalNoticePdf(view), t.CARGO_ARRIVAL_NOTICE_NAME(view.wayBillRef));
  },
  vesselArrivalNotice: async () => {
    const t = await import("./documents/vessel-arrival-notice.ts");
    return (view: VesselArrivalNoticeDocument): DownloadFile =>
      pdfFile(t.buildVesselArrivalNoticePdf(view), t.VESSEL_ARRIVAL_NOTICE_NAME(view.voyageNum, view.destinationBranchCode));
  },
  cargoReleaseOrder: async () => {
    const t = await import("./documents/cargo-release-order.ts");
    return (view: CargoReleaseOrderDocument): DownloadFile => pdfFile(t.buildCargoReleaseOrderPdf(view), t.CARGO_RELEASE_ORDER_NAME(view.cargorReleaseOrderId));
  },
  vanInClearance: async () => {
    const t = await import("./documents/van-in-clearance.ts");
    return (view: VanInClearanceDocument): DownloadFile => pdfFile(t.buildVanInClearancePdf(view), t.VAN_IN_CLEARANCE_NAME(view.vanInId));
  },
  cargoDeliveryReceipt: async () => {
    const t = await import("./documents/cargo-delivery-receipt.ts");
    return (view: CargoDeliveryReceiptDocument): DownloadFile =>
      pdfFile(t.buildCargoDeliveryReceiptPdf(view), t.CARGO_DELIVERY_RECEIPT_NAME(view.cargoDeliveryReceiptId));
  },
  hustlingSlip: async () => {
    const t = await import("./documents/hustling-slip.ts");
    return (view: HustlingSlipDocument): DownloadFile => pdfFile(t.buildHustlingSlipPdf(view), t.HUSTLING_SLIP_NAME(view.hustlingCstNum));
  },
  waybill: async () => {
    const t = await import("./documents/waybill.ts");
    return (view: WaybillDocument): DownloadFile => pdfFile(t.buildWaybillPdf(view), t.WAYBILL_NAME(view.wayBillRef));
  },
  truckerWaybill: async () => {
    const t = await import("./documents/waybill.ts");
    return (input: { view: WaybillDocument; layout: TruckerWaybillLayout }): DownloadFile =>
      pdfFile(t.buildTruckerWaybillPdf(input.view, input.layout), t.TRUCKER_WAYBILL_NAME(input.view.wayBillRef));
  },
  stowagePlan: async () => {
    const t = await import("./documents/stowage-plan.ts");
    return (view: StowagePlanDocument): DownloadFile => pdfFile(t.buildStowagePlanPdf(view), t.STOWAGE_PLAN_NAME(view.voyageNum));
  },
  loadingConfirmation: async () => {
    const t = await import("./documents/loading-confirmation.ts");
    return (view: LoadingConfirmationDocument): DownloadFile => pdfFile(t.buildLoadingConfirmationPdf(view), t.LOADING_CONFIRMATION_NAME(view.transactionRef));
  },
  buildupReport: async () => {
    const t = await import("./documents/buildup-report.ts");
    return (report: BuildupReportDocument): DownloadFile => pdfFile(t.buildBuildupReportPdf(report), t.BUILDUP_REPORT_NAME(report.header.voyageNum));
  },
  buildupWorkbook: async () => {
    const t = await import("./exports/voyage-reports.ts");
    return (report: VoyageReport): DownloadFile => workbookFile(t.buildBuildupWorkbook(report), t.BUILDUP_XLSX_NAME);
  },
  coastingManifest: async () => {
    const t = await import("./exports/voyage-reports.ts");
    return (report: VoyageReport): DownloadFile => workbookFile(t.buildCoastingManifestWorkbook(report), t.COASTING_MANIFEST_XLSX_NAME);
  },
  loadingReport: async () => {
    const t = await import("./exports/voyage-reports.ts");
    return (report: VoyageReport): DownloadFile => workbookFile(t.buildLoadingReportWorkbook(report), t.LOADING_REPORT_XLSX_NAME);
  },
  emptyContainerReport: async () => {
    const t = await import("./exports/voyage-reports.ts");
    return (report: VoyageReport): DownloadFile => workbookFile(t.buildEmptyContainerWorkbook(report), t.EMPTY_CONTAINER_REPORT_XLSX_NAME);
  },
  costingManifest: async () => {
    const t = await import("./exports/voyage-reports.ts");
    return (report: VoyageReport): DownloadFile => workbookFile(t.buildCostingManifestWorkbook(report), t.COSTING_MANIFEST_XLSX_NAME);
  },
  invoice: async () => {
    const t = await import("./documents/invoice.ts");
    return (view: InvoiceDocument): DownloadFile => pdfFile(t.buildInvoicePdf(view), t.INVOICE_NAME(view.invoiceNo));
  },
  collectionReceipt: async () => {
    const t = await import("./documents/collection-receipt.ts");
    return (view: CollectionReceiptDocument): DownloadFile => pdfFile(t.buildCollectionReceiptPdf(view), t.COLLECTION_RECEIPT_NAME(view.receiptNo));
  },
  manualSalesInvoice: async () => {
    const t = await import("./documents/manual-sales-invoice.ts");
    return (input: { branchCode: string; view: ManualSalesInvoiceDocument }): DownloadFile =>
      pdfFile(t.buildManualSalesInvoicePdf(input.view), t.MANUAL_SALES_INVOICE_NAME(input.branchCode, input.view.serial));
  },
  loadList: async () => {
    const t = await import("./documents/load-list.ts");
    return (view: LoadListDocument): DownloadFile => pdfFile(t.buildLoadListPdf(view), t.LOAD_LIST_PDF_NAME(view));
  },
  loadListWorkbook: async () => {
    const t = await import("./exports/load-list.ts");
    return (book: LoadListWorkbook): DownloadFile => workbookFile(t.buildLoadListWorkbook(book), t.LOAD_LIST_XLSX_NAME);
  },
  tallySheet: async () => {
    const t = await import("./documents/tally-sheet.ts");
    return (view: TallySheetDocument): DownloadFile => pdfFile(t.buildTallySheetPdf(view), t.TALLY_SHEET_NAME(view.tallySheetNum));
  },
};

type Builders = typeof documentBuilders;
export type DocumentName = keyof Builders;
/** What a document is built from: the one argument of its builder. */
export type DocumentInput<N extends DocumentName> = Parameters<Awaited<ReturnType<Builders[N]>>>[0];

export function isDocumentName(name: unknown): name is DocumentName {
  return typeof name === "string" && Object.hasOwn(documentBuilders, name);
}

/** Builds a document in this thread. */
export async function buildInProcess<N extends DocumentName>(name: N, input: DocumentInput<N>): Promise<DownloadFile> {
  const build = (await documentBuilders[name]()) as (input: DocumentInput<N>) => DownloadFile;
  return build(input);
}
