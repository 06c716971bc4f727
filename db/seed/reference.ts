/**
 * Reference data every installation needs: the administrator role with every menu. Menu ids are repeated
 * here rather than imported because db/ sits below api/; the route table test checks they agree.
 */
export const ADMIN_ROLE = {
  roleId: "ADMIN",
  roleName: "Administrator",
  isDat: false,
  menus: [
    "MASTERDATA", "SALESQUOTATION", "SYSTEMACCOUNT", "VOYAGE", "OUTBOUND", "INBOUND",
    "BOOKINGCHANGES", "WAIVER", "CROACCOUNTING", "HUSTLING", "CUSTOMER",
  ],
} as const;
