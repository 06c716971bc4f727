import {
  Alignment,
  Button,
  Classes,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  PopoverNext,
  Switch,
  Tag,
} from "@blueprintjs/core";
import {
  Calendar,
  GitBranch,
  Help,
  LogOut,
  Menu as MenuIcon,
  Moon,
  Notifications,
  Offline,
  User,
} from "@blueprintjs/icons";
import { useAtomValue, useSetAtom } from "jotai";
import { useRef, useState } from "react";
import { useLocation } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { updateDarkMode } from "../../lib/account.ts";
import { signOut } from "../../lib/auth.ts";
import { whileSaving } from "../../lib/leave-guard.ts";
import { errorText, notify } from "../../lib/notify.ts";
import { branchButtonDialog } from "../../lib/session-rules.ts";
import { useOnline } from "../../lib/offline.ts";
import { type SessionUser, sessionAtom, sessionUnconfirmedAtom, store } from "../../lib/session.ts";
import { useIsWide } from "../../lib/use-media-query.ts";
import { entryDialogAtom } from "../dialogs/entry-state.ts";
import { bellLiveAtom, unreadCountAtom } from "../../features/notifications/api/live.ts";
import { CreateNotificationDialog } from "../../features/notifications/components/CreateNotificationDialog.tsx";
import { NotificationPanel } from "../../features/notifications/components/NotificationPanel.tsx";
import { PAGES } from "../../lib/paths.ts";

/** Sets darkMode on the session user now, so the theme follows the switch before the server answers. */
function showDarkMode(userId: number, darkMode: boolean) {
  const current = store.get(sessionAtom);
  if (current && current !== "unknown" && current.id === userId) store.set(sessionAtom, { ...current, darkMode });
}

/** The Dark Mode switch: the choice is the user's and is saved with them (000 §4), not with this device. */
function useDarkModeSwitch(user: SessionUser) {
  // Not state: disabling the switch mid-save would take the keyboard focus out of the open menu.
  const saving = useRef(false);
  return async (darkMode: boolean) => {
    if (saving.current) return;
    saving.current = true;
    showDarkMode(user.id, darkMode);
    try {
      await whileSaving(() => updateDarkMode(user, darkMode));
    } catch (error) {
      showDarkMode(user.id, !darkMode);
      notify.error(errorText(error));
    } finally {
      saving.current = false;
    }
  };
}

function AvatarMenu({ user, wide }: { user: SessionUser; wide: boolean }) {
  const [, navigate] = useLocation();
  const changeDarkMode = useDarkModeSwitch(user);
  const go = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <Menu data-testid="avatar-menu">
      <li className="lading-avatar-identity">
        <div className="lading-avatar-name" data-testid="avatar-name">{user.name}</div>
        <div className={Classes.TEXT_MUTED} data-testid="avatar-email">{user.email || "No email on file"}</div>
      </li>
      <MenuDivider />
      <MenuItem icon={<User />} text="My profile" href={PAGES.myAccount} onClick={go(PAGES.myAccount)} />
      {!wide && <MenuItem icon={<Notifications />} text="Notification" href={PAGES.notifications} onClick={go(PAGES.notifications)} />}
      <MenuItem icon={<Calendar />} text="Calendar" href={PAGES.calendar} onClick={go(PAGES.calendar)} />
      <li className="lading-menu-switch">
        <Moon className={Classes.TEXT_MUTED} />
        <Switch
          checked={user.darkMode}
          label="Dark Mode"
          alignIndicator={Alignment.END}
          onChange={(event) => void changeDarkMode(event.currentTarget.checked)}
          data-testid="dark-mode-switch"
        />
      </li>
      <MenuItem icon={<Help />} text="Help and Support" href={PAGES.helpSupport} onClick={go(PAGES.helpSupport)} />
      <MenuDivider />
      <MenuItem icon={<LogOut />} text="Sign out" onClick={() => void signOut()} data-testid="sign-out" />
    </Menu>
  );
}

function initials(name: string): string {
  const letters = name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase());
  return letters.join("") || "?";
}

/**
 * Says the app is working without the server: the browser has no connection, or the app started from the session
 * this device kept because the server could not be reached. Screens that need the server fail meanwhile; the
 * tally sheet keeps counting on the device.
 */
function OfflineTag() {
  const online = useOnline();
  const unconfirmed = useAtomValue(sessionUnconfirmedAtom);
  if (online && !unconfirmed) return null;
  const why = online
    ? "The server cannot be reached: you are working with what this device kept from your last visit."
    : "No connection: you are working with what this device kept. What you count at the pier is sent when the connection returns.";
  return <Tag intent="warning" icon={<Offline />} title={why} className="lading-offline-tag" data-testid="app-offline">Offline</Tag>;
}

export function TopBar({ user, onToggleMenu }: { user: SessionUser; onToggleMenu: () => void }) {
  const wide = useIsWide();
  const [, navigate] = useLocation();
  const unread = useAtomValue(unreadCountAtom);
  const bellLive = useAtomValue(bellLiveAtom);
  const openDialog = useSetAtom(entryDialogAtom);
  const [creating, setCreating] = useState(false);
  const defaultBranch = user.branches.find((branch) => branch.defaultBranch);
  // Sending notifications by hand is an administrator's job; modules send theirs through the service.
  const mayCreate = user.menus.includes("SYSTEMACCOUNT");
  return (
    <Navbar className="lading-topbar" data-testid="top-bar">
      <NavbarGroup align={Alignment.START}>
        <Button variant="minimal" icon={<MenuIcon />} aria-label="Toggle menu" onClick={onToggleMenu} data-testid="menu-button" />
        {wide && (
          <>
            <NavbarDivider />
            <a href="/" className="lading-logo-link" onClick={(e) => { e.preventDefault(); navigate("/"); }} aria-label="Lading home">
              <Logo />
            </a>
          </>
        )}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <OfflineTag />
        <Button
          variant="minimal"
          size="small"
          text={`v${__APP_VERSION__}`}
          title="Version information"
          onClick={() => navigate(PAGES.version)}
          data-testid="version-button"
        />
        <Button
          variant="minimal"
          icon={<GitBranch />}
          text={defaultBranch?.branchName ?? "No branch"}
          title={user.isDat ? "Change your CY or branch" : "Change your branch"}
          onClick={() => openDialog(branchButtonDialog(user))}
          data-testid="branch-button"
        />
        {wide && (
          <PopoverNext
            placement="bottom-end"
            content={<NotificationPanel onNavigate={navigate} onCreate={mayCreate ? () => setCreating(true) : undefined} />}
          >
            <Button
              variant="minimal"
              icon={<Notifications />}
              aria-label={`Notifications, ${unread} unread`}
              title={bellLive ? undefined : "Connecting to the server: new notifications show once it answers"}
              className="lading-bell"
              data-live={bellLive}
              data-testid="notification-bell"
            >
              {unread > 0 && <span className="lading-badge" data-testid="unread-badge">{unread > 99 ? "99+" : unread}</span>}
            </Button>
          </PopoverNext>
        )}
        <PopoverNext placement="bottom-end" content={<AvatarMenu user={user} wide={wide} />}>
          <Button variant="minimal" aria-label={`Account menu of ${user.name}`} data-testid="avatar-button">
            <span className="lading-avatar">{initials(user.name)}</span>
          </Button>
        </PopoverNext>
      </NavbarGroup>
      <CreateNotificationDialog isOpen={creating} onClose={() => setCreating(false)} />
    </Navbar>
  );
}
