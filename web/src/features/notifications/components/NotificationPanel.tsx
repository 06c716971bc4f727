import { Button, Classes, Spinner } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { errorText, notify } from "../../../lib/notify.ts";
import { clearAll, loadUnread, markViewed, unreadListAtom } from "../api/live.ts";
import { desktopAlertsOffered, enableDesktopAlerts } from "../api/push.ts";
import type { NotificationRow } from "../api/notifications.ts";
import { NotificationItem } from "./NotificationItem.tsx";
import { PAGES } from "../../../lib/paths.ts";

/**
 * The bell's dropdown (000 §2): the unread notifications, Clear Notification, View All Notifications. A
 * notification opened is marked viewed and its page shown. `onCreate`, when given, offers Create Notification.
 */
export function NotificationPanel(props: { onNavigate: (url: string) => void; onCreate?: () => void }) {
  const list = useAtomValue(unreadListAtom);
  const [busy, setBusy] = useState(false);

  const [desktop, setDesktop] = useState<{ publicKey: string; on: boolean } | null>(null);

  useEffect(() => {
    if (list === null) loadUnread().catch((error) => notify.error(errorText(error)));
  }, [list]);

  useEffect(() => {
    // Quietly nothing where the browser or the server cannot do desktop notifications.
    desktopAlertsOffered().then(setDesktop).catch(() => setDesktop(null));
  }, []);

  const turnOnDesktop = async (publicKey: string) => {
    try {
      notify.success(await enableDesktopAlerts(publicKey));
      setDesktop({ publicKey, on: true });
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const open = async (row: NotificationRow) => {
    try {
      await markViewed(row);
      if (row.url) props.onNavigate(row.url);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      await clearAll();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lading-notification-panel" data-testid="notification-panel">
      <div className="lading-notification-head">
        <strong>Notifications</strong>
        <span>
          {props.onCreate && (
            <Button variant="minimal" size="small" text="Create" onClick={props.onCreate} className={Classes.POPOVER_DISMISS}
              data-testid="notification-create" />
          )}
          <Button variant="minimal" size="small" text="Clear Notification" loading={busy} disabled={!list?.length}
            onClick={() => void clear()} data-testid="notification-clear" />
        </span>
      </div>
      <div className="lading-notification-list" data-testid="notification-list">
        {list === null
          ? <Spinner size={20} />
          : list.length === 0
          ? <p className={Classes.TEXT_MUTED} data-testid="notification-empty">No New Notification Yet</p>
          : list.map((row) => <NotificationItem key={row.id} row={row} onOpen={(r) => void open(r)} className={Classes.POPOVER_DISMISS} />)}
      </div>
      <Button fill variant="minimal" text="View All Notifications" onClick={() => props.onNavigate(PAGES.notifications)}
        className={Classes.POPOVER_DISMISS} data-testid="notification-view-all" />
      {desktop && !desktop.on && (
        <Button fill variant="minimal" size="small" text="Also show them on this computer's desktop"
          onClick={() => void turnOnDesktop(desktop.publicKey)} data-testid="notification-desktop" />
      )}
    </div>
  );
}
