import { customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Every message Lading sends goes through this outbox: written in the request's transaction, sent by the
 * background sender. With no SMTP configured it stays HELD and an administrator reads it in the app.
 */
export const emailOutbox = pgTable("email_outbox", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  template: text("template").notNull(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  /** PENDING, SENDING, SENT, FAILED (retrying), DEAD (gave up) or HELD (no SMTP configured). */
  status: text("status").notNull().default("PENDING"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
  sentAt: timestamptz("sent_at"),
  /** Who caused the message (user id), for the outbox screen. */
  requestedBy: text("requested_by"),
  meta: jsonb("meta").$type<Record<string, unknown>>(),
  dateCreated: timestamptz("date_created").notNull().defaultNow(),
}, (t) => [index("email_outbox_due_idx").on(t.status, t.nextAttemptAt), index("email_outbox_created_idx").on(t.dateCreated)]);

/** Bytes kept in the row (bytea); PostgreSQL's driver answers a Buffer and PGlite a Uint8Array, both read as Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A file sent with an outbox message, stored with it in the database so that whichever server claims the message
 * can send it; removed with the message. Its size is capped by the outbox (MAX_ATTACHMENT_BYTES in the email module).
 */
export const emailAttachments = pgTable("email_attachments", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  emailId: integer("email_id").notNull().references(() => emailOutbox.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  content: bytes("content").notNull(),
}, (t) => [index("email_attachments_email_idx").on(t.emailId)]);
