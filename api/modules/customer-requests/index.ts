import type { LadingModule } from "../manifest.ts";

export { createRequest, listRequests, requestByNum, updateStatus } from "./service.ts";

import { seedDemoCustomerRequests } from "./demo.ts";
import { customerRequestRoutes } from "./routes.ts";

/**
 * Customer requests (001 §2 /customerRequest): sales staff ask for a new customer or a change to one; an approver
 * of the branch approves (the customer master is written, with its account executive) or denies.
 */
export const customerRequestsModule: LadingModule = {
  name: "customer-requests",
  routes: customerRequestRoutes,
  jobs: [],
  demo: seedDemoCustomerRequests,
};
