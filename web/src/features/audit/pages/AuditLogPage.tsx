import NotBuiltPage from "../../../app/pages/NotBuiltPage.tsx";
import type { PageProps } from "../../../app/routes.tsx";

export default function AuditLogPage(props: PageProps) {
  return <NotBuiltPage {...props} />;
}
