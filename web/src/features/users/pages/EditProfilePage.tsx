import { Button, Callout, Card, FormGroup, InputGroup } from "@blueprintjs/core";
import { FloppyDisk } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { updateProfile } from "../../../lib/account.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { AFTER_SUCCESS_DELAY_MS } from "../../../lib/session-rules.ts";
import { signedInUserAtom } from "../../../lib/session.ts";

type Field = "name" | "email";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (values.name.trim() === "") errors.name = "name is required";
  if (!EMAIL_SHAPE.test(values.email.trim())) errors.email = "email must be a valid address";
  return errors;
}

/** /myAccount/edit/{id}: the user's own name and email. Other users are edited by an administrator elsewhere. */
export default function EditProfilePage({ params }: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<Field, string>>({ name: user?.name ?? "", email: user?.email ?? "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(PAGES.myAccount), AFTER_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  if (!user) return null;
  const crumbs = [{ text: "My profile", href: PAGES.myAccount }];

  if (String(user.id) !== params.id) {
    return (
      <div className="lading-page lading-page-narrow" data-testid="edit-profile-page">
        <PageHeader title="Edit profile" crumbs={crumbs} />
        <Callout intent="warning" title="Not your profile" data-testid="edit-profile-refused">
          You can edit only your own profile here. An administrator changes other users under System Account.
        </Callout>
        <Button className="lading-self-start" text="Go to my profile" onClick={() => navigate(PAGES.myAccount)} />
      </div>
    );
  }

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const result = await whileSaving(() => updateProfile(user, { name: values.name.trim(), email: values.email.trim() }));
      notify.success(result.message ?? "User updated successfully");
      setSaved(true);
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) setErrors(error.fieldErrors as Partial<Record<Field, string>>);
      setSaving(false);
    }
  };

  return (
    <div className="lading-page lading-page-narrow" data-testid="edit-profile-page">
      <PageHeader title="Edit profile" crumbs={crumbs} />
      <Card className="lading-account-card">
        <form onSubmit={submit} noValidate data-testid="edit-profile-form">
          <FormGroup label="Name" labelFor="profile-name-input" labelInfo="*" intent={errors.name ? "danger" : "none"} helperText={errors.name}>
            <InputGroup
              id="profile-name-input"
              value={values.name}
              onValueChange={set("name")}
              intent={errors.name ? "danger" : "none"}
              maxLength={120}
              disabled={saving}
              autoFocus
              data-testid="profile-name-input"
            />
          </FormGroup>
          <FormGroup label="Email" labelFor="profile-email-input" labelInfo="*" intent={errors.email ? "danger" : "none"} helperText={errors.email}>
            <InputGroup
              id="profile-email-input"
              type="email"
              value={values.email}
              onValueChange={set("email")}
              intent={errors.email ? "danger" : "none"}
              maxLength={200}
              disabled={saving}
              data-testid="profile-email-input"
            />
          </FormGroup>
          <div className="lading-form-actions">
            <Button text="Cancel" onClick={() => navigate(PAGES.myAccount)} disabled={saving} />
            <Button type="submit" intent="primary" icon={<FloppyDisk />} text={saving ? "Saving…" : "Save"} loading={saving} data-testid="profile-save" />
          </div>
        </form>
      </Card>
    </div>
  );
}
