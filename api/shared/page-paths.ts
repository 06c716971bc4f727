/**
 * The addresses of the web app's pages, in one table: the web's router declares its routes with them, its
 * screens link with them, and the server builds the links it sends (notifications, e-mail) with them. A
 * pattern names its variable parts `:name`; `pathTo` fills them in. Pure: no imports, so the web, the API and
 * the CLI all read this file.
 */
export const PAGES = {
  home: "/",
  signIn: "/signin",
  resetPassword: "/resetPassword",
  accountSetup: "/account/setup/u/:userId/:token",
  version: "/version",
  whatsNew: "/whats_new",

  bookingLink: "/booking/link/t/:token",
  authorizationLetter: "/booking/AuthorizationLetter/:id",
  pickUpRequest: "/booking/PickUpRequest/:id",
  bookingSuccess: "/booking/success/:bookingRef",
  loadingConfirmation: "/booking/loadingConfirmation/:bookingRef/:token",
  arrivalNotice: "/arrivalNotice/:wayBillRef/:token",
  shipmentTracking: "/booking/shipmentTracking",
  shipmentTrackingOf: "/booking/shipmentTracking/:bookingRef",

  myAccount: "/myAccount",
  editProfile: "/myAccount/edit/:id",
  helpSupport: "/help_support",
  notifications: "/notifications",
  calendar: "/calendar",

  systemAccount: "/system_account",
  users: "/system_account/users",
  roles: "/system_account/roles",
  outbox: "/system_account/outbox",
  audit: "/system_account/audit",

  masterData: "/master_data",
  branches: "/master_data/branches",
  ports: "/master_data/ports",
  areas: "/master_data/areas",
  cargoTypes: "/master_data/cargo_types",
  serviceModes: "/master_data/service_modes",
  containerYards: "/master_data/container_yards",
  charges: "/master_data/charges",
  chargeRead: "/master_data/charges/read/:chargeCode",
  companyPolicies: "/master_data/company_policies",
  freightRates: "/master_data/freight_rate",
  freightRateLane: "/master_data/freight_rate/:charge/:origin",
  portRates: "/master_data/port_rate",
  portRateCharge: "/master_data/port_rate/:chargeCode",
  truckingRates: "/master_data/Trucking_rate",
  customers: "/master_data/customers",
  vessels: "/master_data/vessels",
  vesselRead: "/master_data/vessels/read/:vessel",
  vesselStowage: "/master_data/vessel_stowage",
  containerVans: "/master_data/containerVan",
  truckings: "/master_data/trucking",
  commodities: "/master_data/commodity",
  commodityCategory: "/master_data/commodity/category/:category",
  holidays: "/master_data/holidays",
  workSchedule: "/master_data/work_schedule",

  salesQuotation: "/sales_quotation",
  sqDrafts: "/sales_quotation/draft",
  sqRead: "/sales_quotation/draft/read/:sqRefNum",
  sqArchive: "/sales_quotation/archive",
  sqReports: "/sales_quotation/reports",
  sqMemo: "/sales_quotation/memo",

  voyage: "/voyage",
  voyageSchedules: "/voyage/schedules",
  vesselUpdates: "/voyage/vessel_updates",
  vesselUpdateRead: "/voyage/vessel_updates/read/:vuid",
  bookingBatch: "/voyage/bookings/:voyageNum/:bookingBatchRef",
  bookingBatchCreate: "/voyage/bookings/:voyageNum/:bookingBatchRef/create",
  voyageRoutes: "/voyage/routes",
  soundings: "/voyage/soundings",
  soundingsOf: "/voyage/soundings/:year/:month/:vesselCode",
  vesselHistory: "/voyage/vessel_history",
  revenueReport: "/voyage/reports/revenue",
  comparativeRevenue: "/voyage/reports/comparative_revenue",
  bookingReport: "/voyage/reports/bookings",
  operationReport: "/voyage/reports/operation",
  voyageHistory: "/voyage/reports/voyage_history",
  sqCommodityReport: "/voyage/reports/sq_commodity",
  reportSubscriptions: "/voyage/reports/subscriptions",
  documentTree: "/voyage/reports/document_tree",
  documentTreeOf: "/voyage/reports/document_tree/:bookingRef",

  outbound: "/outbound",
  outboundCts: "/outbound/cts",
  waybills: "/outbound/waybill",
  loadList: "/outbound/loadList/:voyageNum",
  loadListEntry: "/outbound/loadList/:voyageNum/read/:releaseId",
  loadingTallySheet: "/outbound/tallySheet/:voyageNum",
  stowagePlan: "/outbound/stowage/:voyageNum",
  croRead: "/outbound/CROAcctg/read/:id",
  outboundDispatch: "/outbound/dispatchModule",
  tallyFinalization: "/outbound/reports/tally_finalization",

  inbound: "/inbound",
  unloadList: "/inbound/unloadList/:voyageNum",
  unloadingTallySheet: "/inbound/tallySheet/:voyageNum",
  cargoReleaseOrders: "/inbound/cargoReleaseOrder",
  arrivalNotices: "/inbound/arrivalNotice/:voyageNum",
  inboundCts: "/inbound/cts",
  vanIn: "/inbound/van_in",
  inboundDispatch: "/inbound/dispatchModule",
  unpaidWaybills: "/inbound/unpaidWaybills",
  dwellTime: "/inbound/reports/dwell_time",

  bookingChanges: "/bookingChanges",
  bookingChangeDrafts: "/bookingChanges/draft",
  bookingChangesApproved: "/bookingChanges/approved",
  bookingChangeForApproval: "/bookingChanges/forApproval/read/:revisionId",

  croAccounting: "/CROAccounting",
  croPosting: "/CROAccounting/Posting/voyage/:voyageNum",
  collectionAtDat: "/CROAccounting/CollectionAtDAT",
  // Beyond the spec's addresses: the daily reconciliation of the postings to BASE, and the SI archive.
  croReconciliation: "/CROAccounting/reconciliation",
  siArchive: "/CROAccounting/archive",
  pdcClearing: "/CROAccounting/PdcClearing",
  form2307: "/CROAccounting/Form2307",
  manualSalesInvoices: "/CROAccounting/ManualSI",
  atpBooklets: "/CROAccounting/AtpBooklets",

  waiver: "/waiver",
  waiverDrafts: "/waiver/draft",
  waiversApproved: "/waiver/approved",
  waiverRead: "/waiver/read/:waiverNum",
  override: "/overrideCharge",
  overrideDrafts: "/overrideCharge/draft",
  overrideRead: "/overrideCharge/read/:overrideNum",

  hustling: "/Hustling",
  hustlingOf: "/Hustling/:a/:b",

  customerRequest: "/customerRequest",
  customerRequestsForApproval: "/customerRequest/forApproval",
  customerRequestDrafts: "/customerRequest/draft",
  customerRequestArchive: "/customerRequest/archive",
} as const;

export type PageName = keyof typeof PAGES;

/** The `:name` parts of a pattern. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}` ? Name
  : never;

/** A page's address with its parts filled in, each encoded: `pathTo(PAGES.sqRead, { sqRefNum: "SQ 1" })`. */
export function pathTo<P extends string>(pattern: P, params: Record<PathParams<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** The stowage editor; its route has no parameters, so the vessel and plan ride in the query string. */
export const vesselStowagePath = (code: string, plan?: number | "new") =>
  `${PAGES.vesselStowage}?vessel=${encodeURIComponent(code)}${plan ? `&plan=${plan}` : ""}`;
