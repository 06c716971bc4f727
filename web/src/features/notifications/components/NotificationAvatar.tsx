import { avatarCode, avatarColor } from "../../../../../api/modules/notifications/schemas.ts";

/** The round badge of a notification: the code of its title (SQ, WV, ...) or its sender's initial. */
export function NotificationAvatar({ title, sender }: { title: string; sender: string | null }) {
  const code = avatarCode(title, sender);
  return (
    <span className="lading-notification-avatar" style={{ background: avatarColor(code) }} aria-hidden="true" data-testid="notification-avatar">
      {code}
    </span>
  );
}
