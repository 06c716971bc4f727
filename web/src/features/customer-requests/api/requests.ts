import { api } from "../../../lib/api.ts";
import { PAGES } from "../../../lib/paths.ts";
import type {
  AccountExecutive,
  CompanySearchAnswer,
  CreateRequestInput,
  CustomerRequestAction,
  CustomerRequestList,
  HistoryRow,
  ListResult,
  RequestRow,
  UpdateRequestInput,
  WriteResult,
} from "./contracts.ts";

/** The calls of the customer request screens (001 §7 RequestedCustomers). */

const ref = (value: string) => encodeURIComponent(value);

/** Where each list lives (001 §2). */
export const LIST_PATHS: Record<CustomerRequestList, string> = {
  draft: PAGES.customerRequestDrafts,
  forApproval: PAGES.customerRequestsForApproval,
  archive: PAGES.customerRequestArchive,
};

export interface RequestQuery {
  list: CustomerRequestList;
  skip: number;
  take: number;
  search?: string;
}

export type RequestList = ListResult<RequestRow> & { isApprover: boolean };

export const loadRequests = (query: RequestQuery) => api.get<RequestList>("/RequestedCustomers/load", { ...query });

export const readRequest = (requestNum: string) => api.get<{ data: RequestRow & { history: HistoryRow[] } }>(`/RequestedCustomers/get/${ref(requestNum)}`);

/** Customers and open requests named like the company typed: the first step of a new request. */
export const searchCompany = (company: string) => api.get<CompanySearchAnswer>("/RequestedCustomers/searchCompany", { company });

/** A customer of the master with its addresses, which a change request starts from. */
export interface MasterCustomer {
  code: string;
  company: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  address: string;
  contactNum: string;
  customerContactEmail: string;
  tin: string;
  customerType: string;
  accountExecutiveId: string | null;
  branchCode: string | null;
  addresses: { label: string; street: string; barangay: string; city: string; province: string; zipCode: string; areaCode: string | null; isDefault: boolean }[];
}
export const readCustomer = (code: string) => api.get<{ data: MasterCustomer }>(`/RequestedCustomers/customer/${ref(code)}`);

export const loadAccountExecutives = (branchCode: string) =>
  api.get<{ data: AccountExecutive[]; message?: string }>("/RequestedCustomers/accountExecutives", { branchCode });

export const createRequest = (input: CreateRequestInput) => api.post<WriteResult<RequestRow>>("/RequestedCustomers/create", input);

export const updateRequest = (requestNum: string, input: UpdateRequestInput) =>
  api.put<WriteResult<RequestRow>>(`/RequestedCustomers/update/${ref(requestNum)}`, input);

export const moveRequest = (requestNum: string, input: { action: CustomerRequestAction; dateModified: string; remarks?: string; accountExecutiveId?: string }) =>
  api.put<WriteResult<RequestRow>>(`/RequestedCustomers/updateStatus/${ref(requestNum)}`, input);

export const archiveRequest = (requestNum: string, dateModified: string) =>
  api.put<WriteResult<RequestRow>>(`/RequestedCustomers/archive/${ref(requestNum)}`, { dateModified });

export const deleteRequest = (id: number) => api.del<WriteResult<{ ids: number[] }>>("/RequestedCustomers/delete", [id]);
