import type { Db } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema/index.ts";
import { type EmailTemplateName, type EmailTemplates, renderEmail } from "../../../templates/email/index.ts";

export interface QueueEmailInput<K extends EmailTemplateName> {
  to: string;
  template: K;
  data: EmailTemplates[K];
  /** User id of whoever caused the message. */
  requestedBy?: string | null;
  meta?: Record<string, unknown>;
}

/**
 * Renders a template and puts the message in the outbox. Call it with the transaction of the change that
 * causes the message; the background sender delivers it, so the request never waits on SMTP.
 */
export async function queueEmail<K extends EmailTemplateName>(db: Db, input: QueueEmailInput<K>): Promise<{ id: number }> {
  const rendered = renderEmail(input.template, input.data);
  const [row] = await db.insert(emailOutbox).values({
    template: input.template,
    toAddress: input.to,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    requestedBy: input.requestedBy ?? null,
    meta: input.meta ?? null,
  }).returning({ id: emailOutbox.id });
  return row;
}
