import { Tab, Tabs } from "@blueprintjs/core";
import { useLocation } from "wouter";
import { ACCOUNTING_SCREENS } from "../screens.ts";

/** The CRO Accounting menu's screens, as tabs above each of them. */
export function AccountingTabs() {
  const [location, navigate] = useLocation();
  const here = location.toLowerCase();
  // The longest address that starts the current one: /CROAccounting/archive is not the voyages list.
  const current = [...ACCOUNTING_SCREENS].sort((a, b) => b.path.length - a.path.length).find((s) => here.startsWith(s.path.toLowerCase()))?.path;
  return (
    <Tabs id="accounting-tabs" selectedTabId={current} onChange={(id) => navigate(String(id))} className="lading-area-tabs">
      {ACCOUNTING_SCREENS.map((s) => <Tab key={s.path} id={s.path} title={s.title} data-testid={s.testId} />)}
    </Tabs>
  );
}
