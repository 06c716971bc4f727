import type { Db } from "../../../db/client.ts";
import type { DemoContext } from "../manifest.ts";
import { createRequestBody, statusBody } from "./schemas.ts";
import { createRequest, updateStatus } from "./service.ts";

/**
 * The demo line's customer requests, both asked by the account executive at Manila: one approved by the sales
 * manager (its customer is then in the customer master, assigned to the AE), one waiting for approval.
 */
export const DEMO_CUSTOMER_REQUESTS = [
  {
    company: "Tondo Bakery Supply Co.", firstName: "Lourdes", lastName: "Tan", contactNum: "0917 555 0199",
    customerContactEmail: "orders@tondobakery.example.ph", customerType: "SHIPPER", address: "Juan Luna St., Tondo, Manila",
    addresses: [{ label: "Warehouse", street: "1180 Juan Luna St.", barangay: "Barangay 105", city: "Tondo I/II (Manila)", province: "Metro Manila", zipCode: "1012", areaCode: "MNL-TON", isDefault: true }],
    remarks: "Ships flour and sugar to Cebu every week", approve: true,
  },
  {
    company: "Cavite Marine Hardware Inc.", firstName: "Ramon", lastName: "Villanueva", contactNum: "0918 555 0142",
    customerContactEmail: "purchasing@cavitemarine.example.ph", customerType: "BOTH", address: "Governor's Drive, Dasmariñas City, Cavite",
    addresses: [{ label: "Main office", street: "Governor's Drive", barangay: "Salitran", city: "Dasmariñas City", province: "Cavite", zipCode: "4114", areaCode: "MNL-CAV", isDefault: true }],
    remarks: "New account from the Davao marine supply tender", approve: false,
  },
] as const;

/** The requests above through the request service: drafted and sent by the AE, the first approved by the SM. */
export async function seedDemoCustomerRequests(db: Db, { people }: DemoContext): Promise<Record<string, number>> {
  const { ae, sm } = people;
  let approved = 0;
  for (const { approve, ...request } of DEMO_CUSTOMER_REQUESTS) {
    const { data } = await createRequest(db, ae, createRequestBody.parse({
      branchCode: "MNL", requestType: "New", submit: true, accountExecutiveId: ae.userId, ...request, addresses: [...request.addresses],
    }));
    if (!approve) continue;
    await updateStatus(db, sm, data.requestNum, statusBody.parse({ action: "approve", dateModified: data.dateModified, remarks: "Credit checked; welcome aboard" }));
    approved++;
  }
  return { customerRequests: DEMO_CUSTOMER_REQUESTS.length, customersFromRequests: approved };
}
