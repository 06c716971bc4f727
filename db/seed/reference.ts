/**
 * Reference data every installation needs: the administrator role with every menu, the capability to
 * download the trucking master it keeps, and the lists and reports it looks at. Ids are repeated here rather than imported because db/ sits below
 * api/; the route table test checks they agree.
 */
export const ADMIN_ROLE = {
  roleId: "ADMIN",
  roleName: "Administrator",
  isDat: false,
  menus: [
    "MASTERDATA", "SALESQUOTATION", "SYSTEMACCOUNT", "VOYAGE", "OUTBOUND", "INBOUND",
    "BOOKINGCHANGES", "WAIVER", "CROACCOUNTING", "HUSTLING", "CUSTOMER",
  ],
  // Approval flags are left out on purpose: an administrator should not approve by default.
  capabilities: ["MASTER_DATA_TRUCKING_DOWNLOAD"],
  // What lets the administrator look at the whole line without taking part in an approval: the sales branch
  // manager's quotation list (every quotation of the user's branches, and the Archive list of everyone's), the
  // approved-quotation viewer and the reports.
  viewing: ["SQ_SBM", "SQ_APPROVED_VIEWER", "VOYAGE_FREIGHT_REVENUE_REPORT", "CSR_REPORT", "SQ_AGING_REPORT", "SOUNDING_REPORT"],
} as const;
