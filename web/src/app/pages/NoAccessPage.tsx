import { AnchorButton, NonIdealState } from "@blueprintjs/core";
import { Home, Lock } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import type { AppRoute } from "../../lib/paths.ts";

export default function NoAccessPage({ route }: { route: AppRoute }) {
  const [, navigate] = useLocation();
  return (
    <div data-testid="no-access">
      <NonIdealState
        className="lading-page-state"
        icon={<Lock size={48} />}
        title="No access"
        description={`Your role does not include ${route.title}. Ask your administrator if you need it.`}
        action={
          <AnchorButton icon={<Home />} text="Go to the home page" href="/" onClick={(e) => { e.preventDefault(); navigate("/"); }} />
        }
      />
    </div>
  );
}
