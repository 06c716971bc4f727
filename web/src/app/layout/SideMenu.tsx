import { Classes, Menu, MenuItem } from "@blueprintjs/core";
import { useLocation } from "wouter";
import type { SessionUser } from "../../lib/session.ts";
import { SIDE_MENU } from "../navigation.tsx";
import { canAccess } from "../routes.tsx";

function isCurrent(entryPath: string, location: string): boolean {
  const here = location.toLowerCase();
  const path = entryPath.toLowerCase();
  return path === "/" ? here === "/" : here === path || here.startsWith(path + "/");
}

export function SideMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const entries = SIDE_MENU.filter((entry) => canAccess(user, entry.access));
  return (
    <nav aria-label="Main menu" className="lading-sidemenu" data-testid="side-menu">
      <Menu className={Classes.FILL}>
        {entries.map((entry) => (
          <MenuItem
            key={entry.path}
            icon={entry.icon}
            text={entry.label}
            href={entry.path}
            active={isCurrent(entry.path, location)}
            data-testid={entry.testId}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              navigate(entry.path);
              onNavigate?.();
            }}
          />
        ))}
      </Menu>
    </nav>
  );
}
