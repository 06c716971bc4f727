import { Button, HTMLSelect, Tag } from "@blueprintjs/core";
import { Add } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { notificationsApi } from "../api/notifications.ts";

type Option = { value: string; label: string };

const EMPTY = { title: "", message: "", roleId: "", url: "" };

/** Active roles and users to send to, read when the dialog opens. */
function useRecipientOptions(isOpen: boolean) {
  const recipients = useRecord(useOpenings(isOpen), notificationsApi.recipients);
  const [activeRoles, activeUsers] = recipients.data ?? [[], []];
  const roles: Option[] = activeRoles.map((role) => ({ value: role.roleId, label: `${role.roleName} (${role.roleId})` }));
  const users: Option[] = activeUsers.map((user) => ({ value: user.userId, label: `${user.name} (${user.userId})` }));
  return { roles, users };
}

/**
 * Create Notification (000 §2): title, message, a role, specific users and a link. Unlike the earlier
 * system's dialog, sending it delivers the notification to every recipient's bell at once.
 */
export function CreateNotificationDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [picked, setPicked] = useState("");
  const [userIds, setUserIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();
  const { roles, users } = useRecipientOptions(isOpen);

  useEffect(() => {
    if (!isOpen) return;
    setValues(EMPTY);
    setPicked("");
    setUserIds([]);
    setErrors({});
  }, [isOpen]);

  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const addUser = () => {
    if (picked && !userIds.includes(picked)) setUserIds((list) => [...list, picked]);
    setPicked("");
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void save(
      () => notificationsApi.send({ title: values.title, message: values.message, url: values.url, roleId: values.roleId || undefined, userIds }),
      { onSaved: onClose, onFieldErrors: setErrors },
    );
  };

  return (
    <FormDialog isOpen={isOpen} title="Create Notification" saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="create-notification-form" saveTestId="create-notification-send">
      <TextField label="Title" id="notification-title" required value={values.title} onValueChange={set("title")} maxLength={120}
        error={errors.title} data-testid="notification-title" />
      <TextField label="Message" id="notification-message" required value={values.message} onValueChange={set("message")} maxLength={1000}
        error={errors.message} data-testid="notification-message" />
      <FormField label="Role" id="notification-role" error={errors.roleId}>
        <HTMLSelect id="notification-role" fill value={values.roleId} onChange={(e) => set("roleId")(e.currentTarget.value)}
          options={[{ value: "", label: "No role" }, ...roles]} />
      </FormField>
      <FormField label="Specific users" id="notification-user" error={errors.userIds}>
        <div style={{ display: "flex", gap: 8 }}>
          <HTMLSelect id="notification-user" fill value={picked} onChange={(e) => setPicked(e.currentTarget.value)}
            options={[{ value: "", label: "Choose a user…" }, ...users.filter((u) => !userIds.includes(u.value))]} />
          <Button icon={<Add />} text="Add" disabled={picked === ""} onClick={addUser} data-testid="notification-add-user" />
        </div>
        <div style={{ display: "flex", flexWrap: "wrap", gap: 4, marginTop: 6 }} data-testid="notification-users">
          {userIds.map((id) => (
            <Tag key={id} onRemove={() => setUserIds((list) => list.filter((u) => u !== id))}>{id}</Tag>
          ))}
        </div>
      </FormField>
      <TextField label="Link (a page of Lading, e.g. /waiver/draft)" id="notification-url" value={values.url} onValueChange={set("url")}
        maxLength={300} error={errors.url} data-testid="notification-url" />
    </FormDialog>
  );
}
