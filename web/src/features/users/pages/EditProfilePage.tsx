import NotBuiltPage from "../../../app/pages/NotBuiltPage.tsx";
import type { PageProps } from "../../../app/routes.tsx";

export default function EditProfilePage(props: PageProps) {
  return <NotBuiltPage {...props} />;
}
