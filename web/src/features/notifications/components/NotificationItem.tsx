import { Classes } from "@blueprintjs/core";
import { formatDateTime } from "../../../lib/format.ts";
import type { NotificationRow } from "../api/notifications.ts";
import { NotificationAvatar } from "./NotificationAvatar.tsx";

/** One notification as a button: avatar, title, message and when it was sent. */
export function NotificationItem(props: { row: NotificationRow; onOpen: (row: NotificationRow) => void; className?: string }) {
  const { row, onOpen } = props;
  return (
    <button
      type="button"
      className={["lading-notification-item", row.isViewed ? "is-viewed" : "", props.className ?? ""].filter(Boolean).join(" ")}
      onClick={() => onOpen(row)}
      data-testid={`notification-${row.id}`}
    >
      <NotificationAvatar title={row.title} sender={row.sender} />
      <span className="lading-notification-text">
        <strong>{row.title}</strong>
        <span>{row.message}</span>
        <small className={Classes.TEXT_MUTED}>{formatDateTime(row.dateCreated)}{row.sender ? ` · ${row.sender}` : ""}</small>
      </span>
    </button>
  );
}
