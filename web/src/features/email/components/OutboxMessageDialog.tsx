import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { Duplicate, Refresh } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { getOutboxMessage, RETRYABLE_STATUSES, retryOutboxMessage } from "../api/outbox.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LinkifiedText, linksIn, StatusTag } from "./format.tsx";
import { useRecord } from "../../../lib/data/load.ts";

export interface OutboxMessageDialogProps {
  /** The message to show; null closes the dialog. */
  id: number | null;
  onClose(): void;
  /** After a retry was queued, so the list can reload. */
  onRetried(): void;
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success("Link copied");
  } catch {
    notify.warning("The browser did not allow copying; select the link and copy it instead.");
  }
}

/**
 * One message as it was (or will be) sent. Without SMTP this is where an administrator reads a set-up or
 * reset link and hands it over, so the links in the text are clickable and can be copied.
 */
export function OutboxMessageDialog({ id, onClose, onRetried }: OutboxMessageDialogProps) {
  const [retrying, setRetrying] = useState(false);
  const [view, setView] = useState<"text" | "html">("text");
  const record = useRecord(id === null ? null : String(id), () => getOutboxMessage(id!).then((r) => r.data), { onFailure: onClose });
  const { data: message, loading } = record;

  useEffect(() => {
    if (id === null) setView("text");
  }, [id]);

  const retry = async () => {
    if (!message) return;
    setRetrying(true);
    try {
      const result = await whileSaving(() => retryOutboxMessage(message.id));
      notify.success(result.message);
      onRetried();
      record.reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setRetrying(false);
    }
  };

  const canRetry = message !== null && (RETRYABLE_STATUSES as readonly string[]).includes(message.status);
  const links = message ? linksIn(message.textBody) : [];

  return (
    <Dialog
      isOpen={id !== null}
      onClose={onClose}
      title={message ? message.subject : "Email message"}
      style={{ width: 760, maxWidth: "calc(100vw - 24px)" }}
    >
      <DialogBody>
        {loading && !message && <Spinner size={30} />}
        {message && (
          // Rendered once the message is loaded, so whatever reads it finds the whole text at once.
          <div data-testid="outbox-message">
            <HTMLTable compact className="lading-outbox-details" style={{ width: "100%", marginBottom: 10 }}>
              <tbody>
                <tr>
                  <th scope="row">To</th>
                  <td data-testid="outbox-message-to">{message.toAddress}</td>
                  <th scope="row">Status</th>
                  <td><StatusTag status={message.status} /></td>
                </tr>
                <tr>
                  <th scope="row">Created</th>
                  <td>{formatDateTime(message.dateCreated)}</td>
                  <th scope="row">Attempts</th>
                  <td>{message.attempts}</td>
                </tr>
                <tr>
                  <th scope="row">{message.status === "SENT" ? "Sent" : "Next try"}</th>
                  <td>
                    {message.status === "SENT"
                      ? formatDateTime(message.sentAt)
                      : message.status === "FAILED"
                      ? formatDateTime(message.nextAttemptAt)
                      : "—"}
                  </td>
                  <th scope="row">Requested by</th>
                  <td>{message.requestedBy ?? "—"}</td>
                </tr>
              </tbody>
            </HTMLTable>
            {message.status === "HELD" && (
              <Callout intent="primary" compact style={{ marginBottom: 10 }}>
                This message was not sent because no SMTP server is configured. Hand its link over to the recipient,
                or set SMTP_URL and send it again.
              </Callout>
            )}
            {message.lastError && message.status !== "SENT" && (
              <Callout intent={message.status === "DEAD" ? "danger" : "warning"} compact title="Last error" style={{ marginBottom: 10 }}>
                <span data-testid="outbox-message-error">{message.lastError}</span>
              </Callout>
            )}
            <Tabs id="outbox-message-view" selectedTabId={view} onChange={(tab) => setView(tab as "text" | "html")}>
              <Tab
                id="text"
                title="Text"
                panel={
                  <pre
                    className={Classes.CODE_BLOCK}
                    style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 360, overflow: "auto", margin: 0 }}
                    data-testid="outbox-message-text"
                  >
                    <LinkifiedText text={message.textBody} />
                  </pre>
                }
              />
              <Tab
                id="html"
                title="HTML"
                panel={
                  // No scripts, no forms, no navigation: the preview only shows how the message looks.
                  <iframe
                    title="HTML preview"
                    sandbox=""
                    srcDoc={message.htmlBody}
                    style={{ width: "100%", height: 300, border: "1px solid var(--lading-border)", background: "#ffffff" }}
                  />
                }
              />
            </Tabs>
            {links.length > 0 && (
              <div style={{ marginTop: 10 }}>
                <div className={Classes.TEXT_MUTED}>Links in this message</div>
                {links.map((link) => (
                  <div key={link} style={{ display: "flex", alignItems: "center", gap: 6 }}>
                    <a href={link} target="_blank" rel="noopener noreferrer" style={{ wordBreak: "break-all" }} data-testid="outbox-message-link">
                      {link}
                    </a>{" "}
                    <Button size="small" variant="minimal" icon={<Duplicate />} aria-label="Copy link" title="Copy link" onClick={() => void copy(link)} />
                  </div>
                ))}
              </div>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {canRetry && (
              <Button intent="primary" icon={<Refresh />} text="Retry" loading={retrying} onClick={() => void retry()} data-testid="outbox-retry" />
            )}
            <Button text="Close" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
