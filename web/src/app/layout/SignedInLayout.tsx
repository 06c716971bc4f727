import { Drawer, DrawerSize, Position } from "@blueprintjs/core";
import { useAtom } from "jotai";
import type { ReactNode } from "react";
import { Logo } from "../../components/Logo.tsx";
import { type SessionUser, sideMenuOpenAtom } from "../../lib/session.ts";
import { useIsWide } from "../../lib/use-media-query.ts";
import { EntryDialogHost } from "../dialogs/EntryDialogHost.tsx";
import { useSessionWatch } from "./session-watch.ts";
import { SideMenu } from "./SideMenu.tsx";
import { TopBar } from "./TopBar.tsx";

/*
 * The frame of every signed-in page: top bar, side menu, the dialogs asked of a signed-in user. A chunk of its
 * own (App.tsx loads it lazily), so the sign-in page's first download leaves out what only it needs.
 */

/**
 * The first Tab stop of a signed-in page: it takes the keyboard past the top bar and the menu to the page
 * itself. Focus moves in code rather than by the "#main" address, which would add a history entry and leave
 * the page's address with a fragment the routes do not know.
 */
function SkipLink() {
  const skip = (event: React.MouseEvent) => {
    event.preventDefault();
    document.getElementById("main")?.focus();
  };
  return <a href="#main" className="lading-skip-link" onClick={skip} data-testid="skip-link">Skip to content</a>;
}

export default function SignedInLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const wide = useIsWide();
  const [chosen, setChosen] = useAtom(sideMenuOpenAtom);
  // Until the user toggles it, the menu stands open beside the page on wide screens and stays out of the
  // way on narrow ones, where it would cover the page.
  const open = chosen ?? wide;
  useSessionWatch(user.id);
  return (
    <div className="lading-app">
      <SkipLink />
      <TopBar user={user} onToggleMenu={() => setChosen(!open)} />
      <div className="lading-body">
        {wide ? (
          open && <aside className="lading-aside"><SideMenu user={user} /></aside>
        ) : (
          <Drawer
            isOpen={open}
            position={Position.LEFT}
            size={DrawerSize.SMALL}
            onClose={() => setChosen(false)}
            title={<Logo />}
            className="lading-drawer"
          >
            <SideMenu user={user} onNavigate={() => setChosen(false)} />
          </Drawer>
        )}
        <main className="lading-main" id="main" tabIndex={-1}>{children}</main>
      </div>
      <EntryDialogHost user={user} />
    </div>
  );
}

