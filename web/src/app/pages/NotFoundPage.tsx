import { AnchorButton, NonIdealState } from "@blueprintjs/core";
import { Home, SearchTemplate } from "@blueprintjs/icons";
import { useLocation } from "wouter";

export default function NotFoundPage() {
  const [location, navigate] = useLocation();
  return (
    <div data-testid="not-found">
      <NonIdealState
        className="lading-page-state"
        icon={<SearchTemplate size={48} />}
        title="Page not found"
        description={<>There is no page at <code>{location}</code>. Check the address, or start again from the home page.</>}
        action={
          <AnchorButton
            intent="primary"
            icon={<Home />}
            text="Go to the home page"
            href="/"
            onClick={(e) => { e.preventDefault(); navigate("/"); }}
          />
        }
      />
    </div>
  );
}
