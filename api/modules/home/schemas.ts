import { z } from "zod";

/** One list with something waiting for the caller: what it is, how many, and the page of the list. */
export const waitingItem = z.object({
  key: z.string().describe("A name of the list that stays the same: sq-SM, customer-requests, releases-due, pdcs-due, …"),
  label: z.string(),
  count: z.number().int().positive(),
  link: z.string().describe("The web page of the list"),
});
export type WaitingItem = z.infer<typeof waitingItem>;

/** GET /Home/waiting: only the lists that hold something for the caller; none, and the message says so. */
export const waitingAnswer = z.object({ data: z.array(waitingItem), message: z.string().optional() });
export type WaitingAnswer = z.infer<typeof waitingAnswer>;
