import { Classes, HotkeysProvider, NonIdealState, Spinner } from "@blueprintjs/core";
import { Provider as JotaiProvider, useAtomValue } from "jotai";
import { lazy, Suspense, useEffect, useState } from "react";
import { type AroundNavHandler, Router, useLocation, useSearch } from "wouter";
import { ConfirmPromptHost, confirmPrompt } from "../components/ConfirmPrompt.tsx";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { fetchServerVersion, startSession } from "../lib/auth.ts";
import { isLeaveGuarded, LEAVE_PROMPT } from "../lib/leave-guard.ts";
import { dismissScreenNotices } from "../lib/notify.ts";
import { darkModeAtom, serverVersionAtom, sessionAtom, signedInUserAtom, store } from "../lib/session.ts";
import { PublicLayout, SignedOutLayout } from "./layout/Layouts.tsx";
import { NoAccessPage, NotFoundPage, resolveRoute } from "./routes.tsx";
import { LoadingScreen, VersionMismatchScreen } from "./Startup.tsx";
import { PAGES } from "../lib/paths.ts";

// Loaded once someone is signed in: the sign-in page's first download stays Blueprint, the router and the form.
const SignedInLayout = lazy(() => import("./layout/SignedInLayout.tsx"));

/** The spec's longest startup wait: after it, the app shows itself signed out rather than spin on. */
const STARTUP_LIMIT_MS = 3000;

const guardedNavigation: AroundNavHandler = (navigate, to, options) => {
  if (!isLeaveGuarded()) return navigate(to, options);
  void confirmPrompt({ title: "Leave this page?", description: LEAVE_PROMPT, actionText: "Leave", intent: "warning" })
    .then((leave) => leave && navigate(to, options));
};

function ThemeSync() {
  const dark = useAtomValue(darkModeAtom);
  useEffect(() => {
    // Portals (dialogs, toasts, popovers) hang off <body>, so the theme class goes there, not on the root.
    document.body.classList.toggle(Classes.DARK, dark);
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? "#1c2127" : "#2d72d2");
  }, [dark]);
  return null;
}

function useStartup(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const version = fetchServerVersion().then((v) => store.set(serverVersionAtom, v));
    // Reads the stored local user, refreshes it from the server and applies the session rule (000 §4).
    const session = startSession().catch(() => {});
    const limit = new Promise((resolve) => setTimeout(resolve, STARTUP_LIMIT_MS));
    void Promise.race([Promise.all([version, session]), limit]).then(() => {
      if (store.get(sessionAtom) === "unknown") store.set(sessionAtom, null);
      setReady(true);
    });
  }, []);
  return ready;
}

function PageFallback() {
  return <NonIdealState className="lading-page-state" icon={<Spinner size={30} />} />;
}

function Shell() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const user = useAtomValue(signedInUserAtom);
  const resolution = resolveRoute(location, user);

  const redirectTo = resolution.kind === "redirect"
    ? resolution.to
    : resolution.kind === "signIn"
      ? `${PAGES.signIn}?next=${encodeURIComponent(location + (search ? `?${search}` : ""))}`
      : null;
  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  const title = resolution.kind === "page" || resolution.kind === "noAccess"
    ? resolution.route.title
    : resolution.kind === "notFound" ? "Page not found" : null;
  useEffect(() => {
    if (title) document.title = `${title} · Lading`;
  }, [title]);
  // A warning about the last screen's empty list would read as news about this one.
  useEffect(() => dismissScreenNotices(), [location]);

  let content: React.ReactNode = null;
  if (resolution.kind === "page") {
    const Page = resolution.route.page;
    content = <Page route={resolution.route} params={resolution.params} />;
  } else if (resolution.kind === "noAccess") {
    content = <NoAccessPage route={resolution.route} />;
  } else if (resolution.kind === "notFound") {
    content = <NotFoundPage />;
  }

  const page = (
    <ErrorBoundary key={location}>
      <Suspense fallback={<PageFallback />}>{content}</Suspense>
    </ErrorBoundary>
  );
  if (/^\/booking(\/|$)/i.test(location)) return <PublicLayout>{page}</PublicLayout>;
  if (user) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SignedInLayout user={user}>{page}</SignedInLayout>
      </Suspense>
    );
  }
  return <SignedOutLayout>{page}</SignedOutLayout>;
}

function Boot() {
  const ready = useStartup();
  const serverVersion = useAtomValue(serverVersionAtom);
  if (serverVersion !== null && serverVersion !== __APP_VERSION__) {
    return <VersionMismatchScreen serverVersion={serverVersion} appVersion={__APP_VERSION__} />;
  }
  if (!ready) return <LoadingScreen />;
  return <Shell />;
}

export function App() {
  return (
    <JotaiProvider store={store}>
      <HotkeysProvider>
        <Router aroundNav={guardedNavigation}>
          <ThemeSync />
          <Boot />
          <ConfirmPromptHost />
        </Router>
      </HotkeysProvider>
    </JotaiProvider>
  );
}
