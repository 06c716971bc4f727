import { Button, Card, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { SendMessage } from "@blueprintjs/icons";
import { useState } from "react";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { sendHelpSupport } from "../../../lib/account.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";

type Field = "subject" | "message";

/** /help_support: a message to the support desk, sent by mail from the server. */
export default function HelpSupportPage() {
  const [values, setValues] = useState<Record<Field, string>>({ subject: "", message: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (values.message.trim() === "") {
      setErrors({ message: "message is required" });
      return;
    }
    setSending(true);
    try {
      const input = { subject: values.subject.trim() || "Help and support", message: values.message.trim() };
      const result = await whileSaving(() => sendHelpSupport(input));
      notify.success(result.message || "Message successfully sent!");
      setValues({ subject: "", message: "" });
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) setErrors(error.fieldErrors as Partial<Record<Field, string>>);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="lading-page lading-page-narrow" data-testid="help-support-page">
      <PageHeader title="Help and Support" />
      <Card className="lading-account-card">
        <p className="bp6-text-muted">Tell the support desk what you need; the reply goes to the email address on your profile.</p>
        <form onSubmit={submit} noValidate data-testid="help-form">
          <FormGroup label="Subject" labelFor="help-subject" intent={errors.subject ? "danger" : "none"} helperText={errors.subject}>
            <InputGroup
              id="help-subject"
              value={values.subject}
              onValueChange={set("subject")}
              maxLength={200}
              disabled={sending}
              autoFocus
              data-testid="help-subject"
            />
          </FormGroup>
          <FormGroup label="Message" labelFor="help-message" labelInfo="*" intent={errors.message ? "danger" : "none"} helperText={errors.message}>
            <TextArea
              id="help-message"
              fill
              rows={8}
              value={values.message}
              onChange={(e) => set("message")(e.currentTarget.value)}
              intent={errors.message ? "danger" : "none"}
              maxLength={5000}
              disabled={sending}
              data-testid="help-message"
            />
          </FormGroup>
          <Button type="submit" intent="primary" icon={<SendMessage />} text={sending ? "Sending…" : "Send"} loading={sending} data-testid="help-submit" />
        </form>
      </Card>
    </div>
  );
}
