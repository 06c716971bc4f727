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
} from "@blueprintjs/core";
import {
  Calendar,
  GitBranch,
  Help,
  LogOut,
  Menu as MenuIcon,
  Moon,
  Notifications,
  User,
} from "@blueprintjs/icons";
import { useAtom, useAtomValue } from "jotai";
import { useLocation } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { signOut } from "../../lib/auth.ts";
import { darkModeAtom, type SessionUser } from "../../lib/session.ts";
import { useIsWide } from "../../lib/use-media-query.ts";
import { unreadCountAtom } from "./notifications.ts";

function NotificationPanel({ onViewAll }: { onViewAll: () => void }) {
  return (
    <div className="lading-notification-panel" data-testid="notification-panel">
      <div className="lading-notification-head">
        <strong>Notifications</strong>
        <Button variant="minimal" size="small" text="Clear Notification" disabled />
      </div>
      <div className="lading-notification-list">
        <p className={Classes.TEXT_MUTED}>No New Notification Yet</p>
      </div>
      <Button fill variant="minimal" text="View All Notifications" onClick={onViewAll} className={Classes.POPOVER_DISMISS} />
    </div>
  );
}

function AvatarMenu({ user, wide }: { user: SessionUser; wide: boolean }) {
  const [, navigate] = useLocation();
  const [darkMode, setDarkMode] = useAtom(darkModeAtom);
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
      <MenuItem icon={<User />} text="My profile" href="/myAccount" onClick={go("/myAccount")} />
      {!wide && <MenuItem icon={<Notifications />} text="Notification" href="/notifications" onClick={go("/notifications")} />}
      <MenuItem icon={<Calendar />} text="Calendar" href="/calendar" onClick={go("/calendar")} />
      <li className="lading-menu-switch">
        <Moon className={Classes.TEXT_MUTED} />
        <Switch
          checked={darkMode}
          label="Dark Mode"
          alignIndicator={Alignment.END}
          onChange={(event) => setDarkMode(event.currentTarget.checked)}
          data-testid="dark-mode-switch"
        />
      </li>
      <MenuItem icon={<Help />} text="Help and Support" href="/help_support" onClick={go("/help_support")} />
      <MenuDivider />
      <MenuItem icon={<LogOut />} text="Sign out" onClick={() => void signOut()} data-testid="sign-out" />
    </Menu>
  );
}

function initials(name: string): string {
  const letters = name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase());
  return letters.join("") || "?";
}

export function TopBar({ user, onToggleMenu }: { user: SessionUser; onToggleMenu: () => void }) {
  const wide = useIsWide();
  const [, navigate] = useLocation();
  const unread = useAtomValue(unreadCountAtom);
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
        <Button
          variant="minimal"
          size="small"
          text={`v${__APP_VERSION__}`}
          title="Version information"
          onClick={() => navigate("/version")}
          data-testid="version-button"
        />
        <PopoverNext
          placement="bottom-end"
          content={<div className="lading-popover-note">Branch selection is not available yet.</div>}
        >
          <Button variant="minimal" icon={<GitBranch />} text="No branch" title="Current branch" data-testid="branch-button" />
        </PopoverNext>
        {wide && (
          <PopoverNext placement="bottom-end" content={<NotificationPanel onViewAll={() => navigate("/notifications")} />}>
            <Button
              variant="minimal"
              icon={<Notifications />}
              aria-label={`Notifications, ${unread} unread`}
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
    </Navbar>
  );
}
