/**
 * Message templates: pure functions from data to subject, plain text and HTML. The API queues what they
 * render; nothing here sends anything.
 *
 * Everything that comes from a user (names, the help message, a subject typed in a form) is escaped in the
 * HTML part, and subjects are kept on one line so that typed text can never add a mail header.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface SetupEmailData { name: string; userId: string; link: string; expiresHours: number }
export interface ResetEmailData { name: string; userId: string; link: string; expiresMinutes: number }
export interface HelpEmailData { fromName: string; fromUserId: string; fromEmail: string; subject: string; message: string }
export interface GenericEmailData { name: string; subject: string; message: string }
export interface BookingLinkEmailData {
  customerName: string;
  bookingBatchRef: string;
  voyage: string;
  bookingCount: number;
  link: string;
  expiresAt: string;
}
export interface LoadingConfirmationEmailData {
  shipperName: string;
  transactionRef: string;
  /** The voyage as people name it: its number, reference and vessel. */
  voyage: string;
  etd: string;
  bookingRefs: string[];
  link: string;
}

export interface ArrivalNoticeEmailData {
  consigneeName: string;
  wayBillRef: string;
  /** The voyage as people name it: its number, reference and vessel. */
  voyage: string;
  destination: string;
  /** The amount payable, formatted (1,234.50). */
  amountPayable: string;
  /** The storage due date (YYYY-MM-DD), or null before the free days are known. */
  storageDueDate: string | null;
  link: string;
}

export interface EmailTemplates {
  setup: SetupEmailData;
  reset: ResetEmailData;
  help: HelpEmailData;
  generic: GenericEmailData;
  bookingLink: BookingLinkEmailData;
  loadingConfirmation: LoadingConfirmationEmailData;
  arrivalNotice: ArrivalNoticeEmailData;
}
export type EmailTemplateName = keyof EmailTemplates;

export const EMAIL_TEMPLATE_NAMES = ["setup", "reset", "help", "generic", "bookingLink", "loadingConfirmation", "arrivalNotice"] as const satisfies readonly EmailTemplateName[];

const SUBJECT_MAX = 200;
const PRODUCT = "Lading";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** One line, no control characters, bounded: a subject built from typed text stays a single header. */
function oneLine(value: string): string {
  // deno-lint-ignore no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > SUBJECT_MAX ? flat.slice(0, SUBJECT_MAX - 1) + "…" : flat;
}

/** Only web addresses become buttons; anything else is shown as text and never as a link target. */
function isWebLink(href: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(href);
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 12px">${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;
}

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map(paragraph).join("");
  let button = "";
  if (action && isWebLink(action.href)) {
    const href = escapeHtml(action.href);
    button = `<p style="margin:20px 0"><a href="${href}" style="background:#2d72d2;color:#ffffff;padding:10px 16px;border-radius:3px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 12px;color:#5f6b7c;font-size:12px">If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:#2d72d2;word-break:break-all">${href}</a></p>`;
  } else if (action) {
    button = paragraph(action.href);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#1c2127">` +
    `<h2 style="color:#2d72d2;margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h2>${body}${button}` +
    `<p style="margin:24px 0 0;color:#5f6b7c;font-size:12px">${PRODUCT} back office</p></body></html>`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function sender(d: HelpEmailData): string {
  return `${d.fromName} (${d.fromUserId}${d.fromEmail ? `, ${d.fromEmail}` : ""})`;
}

const renderers: { [K in EmailTemplateName]: (data: EmailTemplates[K]) => RenderedEmail } = {
  setup: (d) => {
    const subject = `Set up your ${PRODUCT} account`;
    const expiry = plural(d.expiresHours, "hour");
    return {
      subject,
      text: `Hello ${d.name},\n\nAn account with the user id ${d.userId} was made for you in ${PRODUCT}.\n` +
        `Choose your password here (the link works once and expires in ${expiry}):\n\n${d.link}\n\n` +
        `If the link has expired, ask your administrator to send a new one.\n`,
      html: layout(subject, [
        `Hello ${d.name},`,
        `An account with the user id ${d.userId} was made for you in ${PRODUCT}. Choose your password with the link below; it works once and expires in ${expiry}.`,
        "If the link has expired, ask your administrator to send a new one.",
      ], { label: "Set up my account", href: d.link }),
    };
  },
  reset: (d) => {
    const subject = `Reset your ${PRODUCT} password`;
    const expiry = plural(d.expiresMinutes, "minute");
    return {
      subject,
      text: `Hello ${d.name},\n\nSomeone asked to reset the password of ${d.userId}.\n` +
        `Choose a new password here (the link works once and expires in ${expiry}):\n\n${d.link}\n\n` +
        `If you did not ask for this, ignore this message; your password stays as it is.\n`,
      html: layout(subject, [
        `Hello ${d.name},`,
        `Someone asked to reset the password of ${d.userId}. The link below works once and expires in ${expiry}.`,
        "If you did not ask for this, ignore this message; your password stays as it is.",
      ], { label: "Choose a new password", href: d.link }),
    };
  },
  help: (d) => {
    const subject = oneLine(`Help and support: ${d.subject}`);
    return {
      subject,
      text: `From: ${sender(d)}\n\n${d.message}\n`,
      html: layout(subject, [`From: ${sender(d)}`, d.message]),
    };
  },
  generic: (d) => {
    const subject = oneLine(d.subject);
    return {
      subject,
      text: `Hello ${d.name},\n\n${d.message}\n`,
      html: layout(subject, [`Hello ${d.name},`, d.message]),
    };
  },
  bookingLink: (d) => {
    const subject = oneLine(`Your bookings ${d.bookingBatchRef} on voyage ${d.voyage}`);
    const what = plural(d.bookingCount, "booking");
    return {
      subject,
      text: `Hello ${d.customerName},\n\nWe have prepared ${what} for you on voyage ${d.voyage} (batch ${d.bookingBatchRef}).\n` +
        `Please review them, add the consignee and the pick-up details, and submit them here. The link works once and ` +
        `is open until ${d.expiresAt}:\n\n${d.link}\n\nOur staff confirm the bookings once you have submitted them.\n`,
      html: layout(subject, [
        `Hello ${d.customerName},`,
        `We have prepared ${what} for you on voyage ${d.voyage} (batch ${d.bookingBatchRef}). Please review them, add the consignee and the pick-up details, and submit them. The link works once and is open until ${d.expiresAt}.`,
        "Our staff confirm the bookings once you have submitted them.",
      ], { label: "Complete my bookings", href: d.link }),
    };
  },
  loadingConfirmation: (d) => {
    const subject = oneLine(`Loading confirmation ${d.transactionRef}: your cargo is on ${d.voyage}`);
    const what = `${plural(d.bookingRefs.length, "booking")} (${d.bookingRefs.join(", ")})`;
    return {
      subject,
      text: `Hello ${d.shipperName},\n\nYour cargo of ${what} is loaded on voyage ${d.voyage}, leaving ${d.etd}.\n` +
        `Your loading confirmation ${d.transactionRef} is here, to read and print:\n\n${d.link}\n\n` +
        `Keep this link to yourself: anyone who has it can read the confirmation.\n`,
      html: layout(subject, [
        `Hello ${d.shipperName},`,
        `Your cargo of ${what} is loaded on voyage ${d.voyage}, leaving ${d.etd}. Your loading confirmation ${d.transactionRef} is ready to read and print.`,
        "Keep this link to yourself: anyone who has it can read the confirmation.",
      ], { label: "Open my loading confirmation", href: d.link }),
    };
  },
  arrivalNotice: (d) => {
    const subject = oneLine(`Arrival notice: waybill ${d.wayBillRef} has arrived at ${d.destination}`);
    const due = d.storageDueDate ? ` Storage is free until ${d.storageDueDate}; each further day is charged.` : "";
    return {
      subject,
      text: `Hello ${d.consigneeName},\n\nThe cargo of waybill ${d.wayBillRef} on voyage ${d.voyage} has arrived at ${d.destination}.\n` +
        `Amount payable: PHP ${d.amountPayable}.${due}\n` +
        `Your arrival notice, with the charges, whether they are paid, the free days left and the release of your cargo, is here:\n\n${d.link}\n\n` +
        `Keep this link to yourself: anyone who has it can read the notice.\n`,
      html: layout(subject, [
        `Hello ${d.consigneeName},`,
        `The cargo of waybill ${d.wayBillRef} on voyage ${d.voyage} has arrived at ${d.destination}. Amount payable: PHP ${d.amountPayable}.${due}`,
        "Your arrival notice shows the charges, whether they are paid, the free days left and the release of your cargo.",
        "Keep this link to yourself: anyone who has it can read the notice.",
      ], { label: "Open my arrival notice", href: d.link }),
    };
  },
};

export function renderEmail<K extends EmailTemplateName>(template: K, data: EmailTemplates[K]): RenderedEmail {
  const render = renderers[template] as ((data: EmailTemplates[K]) => RenderedEmail) | undefined;
  if (!render) throw new Error(`There is no email template named '${String(template)}'.`);
  return render(data);
}
