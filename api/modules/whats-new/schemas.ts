import { z } from "zod";
import { listQuery } from "../../shared/contracts.ts";

/** 001 §9: the What's new pager offers these page sizes, the first being the default. */
export const WHATS_NEW_PAGE_SIZES = [15, 30, 60] as const;
export type WhatsNewPageSize = (typeof WHATS_NEW_PAGE_SIZES)[number];
export const WHATS_NEW_DEFAULT_PAGE_SIZE: WhatsNewPageSize = 15;

const isPageSize = (n: number): n is WhatsNewPageSize => (WHATS_NEW_PAGE_SIZES as readonly number[]).includes(n);
/** "15, 30 or 60" */
const SIZES_IN_WORDS = `${WHATS_NEW_PAGE_SIZES.slice(0, -1).join(", ")} or ${WHATS_NEW_PAGE_SIZES.at(-1)}`;

/** GET /WhatsNew/load: a page of release entries, newest first. Only the pager's sizes are taken. */
export const whatsNewQuery = z.object({
  skip: listQuery.shape.skip,
  take: z.coerce.number({ error: "take must be a number" })
    .refine(isPageSize, `take must be ${SIZES_IN_WORDS}`)
    .default(WHATS_NEW_DEFAULT_PAGE_SIZE)
    .describe(`Entries per page: ${SIZES_IN_WORDS} (default ${WHATS_NEW_DEFAULT_PAGE_SIZE})`),
});
export type WhatsNewQuery = z.infer<typeof whatsNewQuery>;

export const whatsNewEntry = z.object({
  /** As the release is labelled in CHANGELOG.md, e.g. 0.1.0. */
  version: z.string(),
  /** Release date, YYYY-MM-DD. */
  date: z.string(),
  /** What changed, one plain sentence each. */
  items: z.array(z.string()),
});
export type WhatsNewEntry = z.infer<typeof whatsNewEntry>;

export const whatsNewList = z.object({ data: z.array(whatsNewEntry), total: z.number(), message: z.string().optional() });
