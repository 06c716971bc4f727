import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import { Notifications } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ListPager } from "../../../components/ListPager.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { clearAll, markViewed, unreadCountAtom } from "../api/live.ts";
import { notificationsApi, type NotificationRow } from "../api/notifications.ts";
import { CreateNotificationDialog } from "../components/CreateNotificationDialog.tsx";
import { NotificationItem } from "../components/NotificationItem.tsx";

/** Every notification of the user, newest first, a page at a time; unread ones stand out. */
export default function NotificationsPage() {
  const [, navigate] = useLocation();
  const user = useAtomValue(signedInUserAtom);
  const unread = useAtomValue(unreadCountAtom);
  const [creating, setCreating] = useState(false);
  const load = useCallback(({ skip, take }: { skip: number; take: number }) => notificationsApi.page(skip, take), []);
  const list = usePagedList<NotificationRow, "All">({ load, initialFilter: "All", emptyNotice: "searched" });
  const { reload } = list;

  // A notification that arrives while the page is open shows up on it too.
  useEffect(reload, [unread, reload]);

  const open = async (row: NotificationRow) => {
    try {
      if (!row.isViewed) await markViewed(row);
      if (row.url) navigate(row.url);
      else reload();
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const clear = async () => {
    try {
      await clearAll();
      reload();
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <div className="lading-page lading-page-narrow" data-testid="notifications-page">
      <PageHeader
        title="Notifications"
        actions={
          <>
            {user?.menus.includes("SYSTEMACCOUNT") && (
              <Button intent="primary" text="Create Notification" onClick={() => setCreating(true)} data-testid="notifications-create" />
            )}
            <Button text="Clear Notification" disabled={unread === 0} onClick={() => void clear()} data-testid="notifications-clear" />
          </>
        }
      />
      {list.loading && list.rows.length === 0
        ? <Spinner size={30} />
        : list.rows.length === 0
        ? <NonIdealState icon={<Notifications size={32} />} title="No notifications" description="Nothing has been sent to you yet." />
        : (
          <div className="lading-notification-page-list" data-testid="notifications-list">
            {list.rows.map((row) => <NotificationItem key={row.id} row={row} onOpen={(r) => void open(r)} />)}
          </div>
        )}
      <ListPager list={list} rangeTestId="notifications-range" />
      <CreateNotificationDialog isOpen={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
