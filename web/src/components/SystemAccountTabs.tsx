import { Tab, Tabs } from "@blueprintjs/core";
import { useLocation } from "wouter";
import { PAGES } from "../lib/paths.ts";

const TABS = [
  { id: PAGES.users, title: "Users" },
  { id: PAGES.roles, title: "Roles" },
  { id: PAGES.outbox, title: "Email outbox" },
  { id: PAGES.audit, title: "Audit log" },
] as const;

/** The System Account area's screens, as tabs above each of them. */
export function SystemAccountTabs() {
  const [location, navigate] = useLocation();
  const current = TABS.find((tab) => location.toLowerCase().startsWith(tab.id.toLowerCase()))?.id;
  return (
    <Tabs id="system-account-tabs" selectedTabId={current} onChange={(id) => navigate(String(id))} className="lading-area-tabs">
      {TABS.map((tab) => <Tab key={tab.id} id={tab.id} title={tab.title} data-testid={`tab-${tab.title.toLowerCase().replace(/\s+/g, "-")}`} />)}
    </Tabs>
  );
}
