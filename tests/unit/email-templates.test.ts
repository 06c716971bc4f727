import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATE_NAMES, renderEmail } from "../../templates/email/index.ts";

const hostile = `<script>alert("x")</script> & 'friends'`;
const escapedHostile = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;";

/** Every href of the HTML part. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe("email templates", () => {
  it("set-up: names the user and carries the one-time link in text and HTML", () => {
    const link = "https://lading.example.com/account/setup/u/jdoe/abc123?x=1&y=2";
    const mail = renderEmail("setup", { name: "Juan Dela Cruz", userId: "jdoe", link, expiresHours: 48 });
    expect(mail.subject).toBe("Set up your Lading account");
    expect(mail.text).toContain("Hello Juan Dela Cruz,");
    expect(mail.text).toContain("jdoe");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("48 hours");
    expect(mail.html).toContain("Juan Dela Cruz");
    expect(hrefs(mail.html)).toContain("https://lading.example.com/account/setup/u/jdoe/abc123?x=1&amp;y=2");
    expect(mail.html).toContain("48 hours");
  });

  it("reset: carries the link and the minutes it lasts, and says what to do if unasked", () => {
    const link = "https://lading.example.com/resetPassword?token=t0k3n";
    const mail = renderEmail("reset", { name: "Ana", userId: "ana", link, expiresMinutes: 30 });
    expect(mail.subject).toBe("Reset your Lading password");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("30 minutes");
    expect(mail.text).toContain("If you did not ask for this");
    expect(hrefs(mail.html)).toContain(link);
  });

  it("uses the singular for one hour or one minute", () => {
    expect(renderEmail("setup", { name: "A", userId: "a", link: "https://x.test/s", expiresHours: 1 }).text).toContain("expires in 1 hour)");
    expect(renderEmail("reset", { name: "A", userId: "a", link: "https://x.test/r", expiresMinutes: 1 }).text).toContain("expires in 1 minute)");
  });

  it("help: shows who wrote, the subject and the message, with user text escaped in HTML", () => {
    const mail = renderEmail("help", {
      fromName: "Maria <b>Santos</b>",
      fromUserId: "msantos",
      fromEmail: "maria@example.com",
      subject: "Cannot print waybill",
      message: `Line one\nLine two ${hostile}`,
    });
    expect(mail.subject).toBe("Help and support: Cannot print waybill");
    expect(mail.text).toContain("From: Maria <b>Santos</b> (msantos, maria@example.com)");
    expect(mail.text).toContain(`Line one\nLine two ${hostile}`);
    expect(mail.html).toContain("Maria &lt;b&gt;Santos&lt;/b&gt;");
    expect(mail.html).toContain(`Line one<br>Line two ${escapedHostile}`);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Santos");
  });

  it("help: leaves out an empty sender address", () => {
    const mail = renderEmail("help", { fromName: "Ana", fromUserId: "ana", fromEmail: "", subject: "Hi", message: "Hello" });
    expect(mail.text).toContain("From: Ana (ana)\n");
  });

  it("keeps a typed subject on one line, so it cannot add a mail header", () => {
    const help = renderEmail("help", { fromName: "A", fromUserId: "a", fromEmail: "", subject: "Hi\r\nBcc: everyone@example.com", message: "m" });
    expect(help.subject).toBe("Help and support: Hi Bcc: everyone@example.com");
    const generic = renderEmail("generic", { name: "A", subject: "Line\none", message: "m" });
    expect(generic.subject).toBe("Line one");
    expect(renderEmail("generic", { name: "A", subject: "x".repeat(500), message: "m" }).subject.length).toBeLessThanOrEqual(200);
  });

  it("generic: greets by name and carries subject and message, escaped in HTML", () => {
    const mail = renderEmail("generic", { name: "Pedro", subject: "Your booking 2024-001", message: `Please call us. ${hostile}` });
    expect(mail.subject).toBe("Your booking 2024-001");
    expect(mail.text).toBe(`Hello Pedro,\n\nPlease call us. ${hostile}\n`);
    expect(mail.html).toContain("Hello Pedro,");
    expect(mail.html).toContain(`Please call us. ${escapedHostile}`);
    expect(mail.html).not.toContain("<script>");
  });

  it("never turns a link that is not a web address into a clickable target", () => {
    const mail = renderEmail("setup", { name: "A", userId: "a", link: "javascript:alert(1)", expiresHours: 48 });
    expect(hrefs(mail.html)).toEqual([]);
    expect(mail.html).toContain("javascript:alert(1)");
    const quoted = renderEmail("reset", { name: "A", userId: "a", link: `https://x.test/"onmouseover="x`, expiresMinutes: 5 });
    expect(hrefs(quoted.html)).toEqual([]);
  });

  it("renders every template to a complete HTML page with a subject and text", () => {
    const samples = {
      setup: { name: "A", userId: "a", link: "https://x.test/s", expiresHours: 2 },
      reset: { name: "A", userId: "a", link: "https://x.test/r", expiresMinutes: 2 },
      help: { fromName: "A", fromUserId: "a", fromEmail: "a@x.test", subject: "S", message: "M" },
      generic: { name: "A", subject: "S", message: "M" },
      bookingLink: { customerName: "A", bookingBatchRef: "BB-1", voyage: "V-1", bookingCount: 1, link: "https://x.test/b", expiresAt: "1 Dec" },
      loadingConfirmation: { shipperName: "A", transactionRef: "LC-1", voyage: "V-1", etd: "1 Dec", bookingRefs: ["BK-1"], link: "https://x.test/l" },
      arrivalNotice: { consigneeName: "A", wayBillRef: "WB-1", voyage: "V-1", destination: "Cebu", amountPayable: "1.00", storageDueDate: null, link: "https://x.test/a" },
    } as const;
    for (const name of EMAIL_TEMPLATE_NAMES) {
      const mail = renderEmail(name, samples[name] as never);
      expect(mail.subject, name).not.toBe("");
      expect(mail.text, name).not.toBe("");
      expect(mail.html, name).toMatch(/^<!doctype html><html>.*<\/html>$/s);
    }
  });

  it("booking link: names the batch, the voyage and how many bookings, and carries the link until it closes", () => {
    const mail = renderEmail("bookingLink", {
      customerName: "Pacific <Harbor>", bookingBatchRef: "BB-MNL-2026-000007", voyage: "VOY-MNL-2026-000003 (MV Lading Voyager)",
      bookingCount: 3, link: "https://lading.example.com/booking/link/t/abc", expiresAt: "Dec 1, 2026, 6:00 PM",
    });
    expect(mail.subject).toBe("Your bookings BB-MNL-2026-000007 on voyage VOY-MNL-2026-000003 (MV Lading Voyager)");
    expect(mail.text).toContain("3 bookings for you");
    expect(mail.text).toContain("https://lading.example.com/booking/link/t/abc");
    expect(mail.text).toContain("open until Dec 1, 2026, 6:00 PM");
    expect(mail.html).toContain('href="https://lading.example.com/booking/link/t/abc"');
    expect(mail.html).toContain("Pacific &lt;Harbor&gt;");
    expect(renderEmail("bookingLink", { ...{ customerName: "A", bookingBatchRef: "B", voyage: "V", link: "https://x.test", expiresAt: "x" }, bookingCount: 1 }).text)
      .toContain("1 booking for you");
  });

  it("loading confirmation: names the confirmation, the voyage and the shipper's bookings, and carries the link", () => {
    const mail = renderEmail("loadingConfirmation", {
      shipperName: "Bayanihan <Trading>", transactionRef: "LC-MNL-2026-000004", voyage: "VOY-MNL-2026-000003 (V-201S, MV Lady of Manila)",
      etd: "Dec 1, 2026, 6:00 PM", bookingRefs: ["BK-MNL-2026-000010", "BK-MNL-2026-000011"],
      link: "https://lading.example.com/booking/loadingConfirmation/BK-MNL-2026-000010/abc",
    });
    expect(mail.subject).toBe("Loading confirmation LC-MNL-2026-000004: your cargo is on VOY-MNL-2026-000003 (V-201S, MV Lady of Manila)");
    expect(mail.text).toContain("Your cargo of 2 bookings (BK-MNL-2026-000010, BK-MNL-2026-000011) is loaded on voyage VOY-MNL-2026-000003 (V-201S, MV Lady of Manila), leaving Dec 1, 2026, 6:00 PM.");
    expect(mail.text).toContain("\n\nhttps://lading.example.com/booking/loadingConfirmation/BK-MNL-2026-000010/abc\n\n");
    expect(mail.html).toContain('href="https://lading.example.com/booking/loadingConfirmation/BK-MNL-2026-000010/abc"');
    expect(mail.html).toContain("Hello Bayanihan &lt;Trading&gt;,");
  });

  it("arrival notice: names the waybill, the port, the amount payable and the storage due date, and carries the link", () => {
    const mail = renderEmail("arrivalNotice", {
      consigneeName: "Lapu Lapu <Foods>", wayBillRef: "WB-MNL-2026-000042", voyage: "VOY-MNL-2026-000003 (V-201S, MV Lady of Manila)", destination: "Cebu",
      amountPayable: "4,645.50", storageDueDate: "2026-03-13", link: "https://lading.example.com/arrivalNotice/WB-MNL-2026-000042/abc",
    });
    expect(mail.subject).toBe("Arrival notice: waybill WB-MNL-2026-000042 has arrived at Cebu");
    expect(mail.text).toContain("Amount payable: PHP 4,645.50. Storage is free until 2026-03-13; each further day is charged.");
    expect(mail.text).toContain("\n\nhttps://lading.example.com/arrivalNotice/WB-MNL-2026-000042/abc\n\n");
    expect(mail.html).toContain('href="https://lading.example.com/arrivalNotice/WB-MNL-2026-000042/abc"');
    expect(mail.html).toContain("Hello Lapu Lapu &lt;Foods&gt;,");
  });

  it("refuses a template name it does not know", () => {
    expect(() => renderEmail("nope" as never, {} as never)).toThrow("There is no email template named 'nope'.");
  });
});
