/**
 * Message templates: pure functions from data to subject, plain text and HTML. The API queues what they
 * render; nothing here sends anything.
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

export interface EmailTemplates {
  setup: SetupEmailData;
  reset: ResetEmailData;
  help: HelpEmailData;
  generic: GenericEmailData;
}
export type EmailTemplateName = keyof EmailTemplates;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("");
  const button = action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(action.href)}" style="background:#2d72d2;color:#fff;padding:10px 16px;border-radius:3px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 12px;color:#5f6b7c;font-size:12px">If the button does not work, open this address: ${escapeHtml(action.href)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:14px;color:#1c2127">` +
    `<h2 style="color:#2d72d2;margin:0 0 16px">${escapeHtml(title)}</h2>${body}${button}` +
    `<p style="margin:24px 0 0;color:#5f6b7c;font-size:12px">Lading back office</p></body></html>`;
}

const renderers: { [K in EmailTemplateName]: (data: EmailTemplates[K]) => RenderedEmail } = {
  setup: (d) => ({
    subject: "Set up your Lading account",
    text: `Hello ${d.name},\n\nAn account with the user id ${d.userId} was made for you in Lading.\n` +
      `Choose your password here (the link works once and expires in ${d.expiresHours} hours):\n\n${d.link}\n`,
    html: layout("Set up your Lading account", [
      `Hello ${d.name},`,
      `An account with the user id ${d.userId} was made for you in Lading. Choose your password with the link below; it works once and expires in ${d.expiresHours} hours.`,
    ], { label: "Set up my account", href: d.link }),
  }),
  reset: (d) => ({
    subject: "Reset your Lading password",
    text: `Hello ${d.name},\n\nSomeone asked to reset the password of ${d.userId}.\n` +
      `Choose a new password here (the link works once and expires in ${d.expiresMinutes} minutes):\n\n${d.link}\n\n` +
      `If you did not ask for this, ignore this message; your password stays as it is.\n`,
    html: layout("Reset your Lading password", [
      `Hello ${d.name},`,
      `Someone asked to reset the password of ${d.userId}. The link below works once and expires in ${d.expiresMinutes} minutes.`,
      "If you did not ask for this, ignore this message; your password stays as it is.",
    ], { label: "Choose a new password", href: d.link }),
  }),
  help: (d) => ({
    subject: `Help and support: ${d.subject}`,
    text: `From: ${d.fromName} (${d.fromUserId}${d.fromEmail ? `, ${d.fromEmail}` : ""})\n\n${d.message}\n`,
    html: layout(`Help and support: ${d.subject}`, [`From: ${d.fromName} (${d.fromUserId}${d.fromEmail ? `, ${d.fromEmail}` : ""})`, d.message]),
  }),
  generic: (d) => ({
    subject: d.subject,
    text: `Hello ${d.name},\n\n${d.message}\n`,
    html: layout(d.subject, [`Hello ${d.name},`, d.message]),
  }),
};

export function renderEmail<K extends EmailTemplateName>(template: K, data: EmailTemplates[K]): RenderedEmail {
  return renderers[template](data);
}
