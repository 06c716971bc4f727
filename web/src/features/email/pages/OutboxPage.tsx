import NotBuiltPage from "../../../app/pages/NotBuiltPage.tsx";
import type { PageProps } from "../../../app/routes.tsx";

export default function OutboxPage(props: PageProps) {
  return <NotBuiltPage {...props} />;
}
