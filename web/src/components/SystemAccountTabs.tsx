import { Tab, Tabs } from "@blueprintjs/core";
import { useLocation } from "wouter";

const TABS = [
  { id: "/system_account/users", title: "Users" },
  { id: "/system_account/roles", title: "Roles" },
  { id: "/system_account/outbox", title: "Email outbox" },
  { id: "/system_account/audit", title: "Audit log" },
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
