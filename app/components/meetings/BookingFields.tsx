import { Honeypot } from "#app/components/forms/FormParts.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { meetingCopy } from "#app/content/meetings.ts";
import type { BookingValues } from "./meetings-api";

const copy = meetingCopy.form;

/**
 * Who is booking: name, e-mail and an optional topic, with the bots' honeypot. Controlled when given
 * `onChange` (the tab's script), else filled from `values` for a page posted without JavaScript.
 */
export function BookingFields({
  values,
  errors,
  disabled = false,
  onChange,
}: {
  values: BookingValues;
  errors?: Record<string, string[]>;
  disabled?: boolean;
  onChange?: (values: BookingValues) => void;
}) {
  const bind = (name: keyof BookingValues) => ({
    name,
    disabled,
    error: errors?.[name]?.[0],
    ...(onChange
      ? { value: values[name], onChange: (event: { currentTarget: { value: string } }) => onChange({ ...values, [name]: event.currentTarget.value }) }
      : { defaultValue: values[name] }),
  });
  return (
    <>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={copy.name} autoComplete="name" required maxLength={200} {...bind("name")} />
        <Field label={copy.email} type="email" autoComplete="email" required maxLength={254} {...bind("email")} />
      </div>
      <Field as="textarea" label={copy.topic} rows={3} maxLength={1000} {...bind("topic")} />
    </>
  );
}
