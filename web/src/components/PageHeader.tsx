import { H4 } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useLocation } from "wouter";

export interface Crumb {
  text: string;
  href?: string;
}

export function PageHeader({ title, crumbs = [], actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <header className="lading-page-header">
      <div>
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="lading-crumbs">
            {crumbs.map((crumb) => (
              <span key={crumb.text}>
                {crumb.href ? (
                  <a href={crumb.href} onClick={(e) => { e.preventDefault(); navigate(crumb.href!); }}>{crumb.text}</a>
                ) : crumb.text}
                <span className="lading-crumb-sep" aria-hidden="true">/</span>
              </span>
            ))}
          </nav>
        )}
        <H4 className="lading-page-title" data-testid="page-title">{title}</H4>
      </div>
      {actions && <div className="lading-page-actions">{actions}</div>}
    </header>
  );
}

/** An in-app link that goes through the router (and so through the leave guard). */
export function AppLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const [, navigate] = useLocation();
  return (
    <a
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
