import { z } from "zod";
import { MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";

/** Contracts of the SI archive (001 §7 SIPostingArchiving); zod only, so the web app uses them as they are. */

const year = wholeNumber("year", { min: 2000, max: 2200 });
const month = wholeNumber("month", { min: 1, max: 12 });
const code = (label: string) => z.string().trim().min(1, `${label} is required`).max(40, `${label} can be at most 40 characters`);

export const archiveMonthsQuery = z.object({ year });
export const archiveVesselsQuery = z.object({ year, month });
export const archiveVoyagesQuery = z.object({ year, month, vesselCode: code("vesselCode") });
export const archiveListQuery = z.object({
  year,
  month: month.optional(),
  vesselCode: code("vesselCode").optional(),
  voyageNum: code("voyageNum").optional(),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(20),
});
export type ArchiveListQuery = z.infer<typeof archiveListQuery>;

const counted = { count: z.number(), total: z.string() };

export const archiveYears = z.object({ data: z.array(z.object({ year: z.number(), ...counted })) });
export const archiveMonths = z.object({ data: z.array(z.object({ month: z.number(), ...counted })) });
export const archiveVessels = z.object({ data: z.array(z.object({ vesselCode: z.string(), vesselName: z.string(), ...counted })) });
export const archiveVoyages = z.object({ data: z.array(z.object({ voyageNum: z.string(), voyageRef: z.string(), ...counted })) });

/** A posted invoice with its waybill, as the archive keeps it. */
export const archivedInvoice = z.object({
  invoiceNo: z.string(),
  status: z.string(),
  invoiceDate: z.string(),
  branchCode: z.string(),
  buyerName: z.string(),
  total: z.string(),
  vatAmount: z.string(),
  voyageNum: z.string().nullable(),
  vesselName: z.string(),
  wayBillRef: z.string().nullable(),
  shipperName: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  /** BASE's id of the document and when it confirmed it. */
  externalRef: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type ArchivedInvoice = z.infer<typeof archivedInvoice>;

export const archiveList = z.object({ data: z.array(archivedInvoice), total: z.number(), message: z.string().optional() });
