/**
 * Reference data every installation needs: the administrator role with every menu, and the capability to
 * download the trucking master it keeps. Ids are repeated here rather than imported because db/ sits below
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
} as const;
