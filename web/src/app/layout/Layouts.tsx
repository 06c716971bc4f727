import { Alignment, AnchorButton, Navbar, NavbarGroup } from "@blueprintjs/core";
import { LogIn } from "@blueprintjs/icons";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { PAGES } from "../../lib/paths.ts";

/*
 * The layouts of a signed-out visitor and of a customer's /booking page. The signed-in layout is
 * SignedInLayout.tsx, loaded only once someone has signed in: its top bar and dialogs bring the API contracts
 * (zod) that the sign-in page does without.
 */

function PlainBar({ showSignIn }: { showSignIn: boolean }) {
  const [location, navigate] = useLocation();
  return (
    <Navbar className="lading-topbar" data-testid="top-bar">
      <NavbarGroup align={Alignment.START}>
        <a href="/" className="lading-logo-link" onClick={(e) => { e.preventDefault(); navigate("/"); }} aria-label="Lading home">
          <Logo />
        </a>
      </NavbarGroup>
      {showSignIn && location.toLowerCase() !== PAGES.signIn && (
        <NavbarGroup align={Alignment.END}>
          <AnchorButton
            intent="primary"
            icon={<LogIn />}
            text="Sign in"
            href={PAGES.signIn}
            onClick={(e) => { e.preventDefault(); navigate(PAGES.signIn); }}
            data-testid="topbar-sign-in"
          />
        </NavbarGroup>
      )}
    </Navbar>
  );
}

export function SignedOutLayout({ children }: { children: ReactNode }) {
  return (
    <div className="lading-app">
      <PlainBar showSignIn />
      <main className="lading-main lading-main-plain" id="main">{children}</main>
    </div>
  );
}

/** Customers open /booking pages from links: only the logo, nothing that invites them to sign in. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="lading-app">
      <PlainBar showSignIn={false} />
      <main className="lading-main lading-main-plain" id="main">{children}</main>
    </div>
  );
}
