import { CircleCheck, Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { APPLICATION_HONEYPOT, RESUME_ACCEPT, RESUME_MAX_BYTES, resumeMessages } from "#contracts/application-form.ts";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { applicationPage } from "#app/content/careers.ts";
import type { FormResult } from "#app/components/forms/form-result.ts";
import { ApiError, apiRequest, submissionErrorText } from "#app/lib/api/client.ts";

type Status = { state: "idle" | "submitting" | "success" } | { state: "error"; message: string; fields: Record<string, string[]> };

const copy = applicationPage.form;

/** Space the sticky site header takes at the top of the window. */
const HEADER_ALLOWANCE = 96;

/**
 * Brings the outcome to the person: on a phone the form's top, where the message sits, is far above
 * the button just pressed. Focus moves there too, so keyboard and screen-reader users continue from it.
 */
function reveal(box: HTMLElement | null) {
  if (!box) return;
  box.focus({ preventScroll: true });
  const { top, bottom } = box.getBoundingClientRect();
  if (top < HEADER_ALLOWANCE || bottom > window.innerHeight) box.scrollIntoView({ block: "center" });
}

/** The answer of the application page's action: the message, and the fields and their errors on failure. */
export type ApplicationResult = FormResult<Partial<Record<"name" | "email" | "phone" | "cover_letter", string>>>;

const statusOf = (result: ApplicationResult | undefined): Status =>
  !result ? { state: "idle" } : result.outcome === "success" ? { state: "success" } : { state: "error", message: result.message, fields: result.errors ?? {} };

/**
 * The application form; `job` is the opening applied for, or null for a general application. `result`
 * is the page's answer when the form was posted before its script ran (decision 029).
 */
export function ApplicationForm({ job, title, result }: { job: { id: string } | null; title: string; result?: ApplicationResult }) {
  const [status, setStatus] = useState<Status>(() => statusOf(result));
  const typed = result?.outcome === "error" ? result.values : {};
  const submitting = status.state === "submitting";
  const fieldError = (name: string) => (status.state === "error" ? status.fields[name]?.[0] : undefined);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.state === "error" || status.state === "success") reveal(outcome.current);
  }, [status]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    if (job) body.set("job", job.id);
    const resume = body.get("resume");
    if (resume instanceof File && resume.size > RESUME_MAX_BYTES) {
      setStatus({ state: "error", message: resumeMessages.tooLarge, fields: { resume: [resumeMessages.tooLarge] } });
      return;
    }
    setStatus({ state: "submitting" });
    try {
      await apiRequest("careers/applications/", { method: "POST", body });
      form.reset();
      setStatus({ state: "success" });
    } catch (error) {
      const fields = error instanceof ApiError ? ((error.body as { errors?: Record<string, string[]> })?.errors ?? {}) : {};
      setStatus({ state: "error", message: submissionErrorText(error, copy.error), fields });
    }
  }

  if (status.state === "success") {
    return (
      <div ref={outcome} tabIndex={-1} role="status" className="rounded-card focus:outline-none bg-emerald-50 p-8 text-center ring-1 ring-emerald-200">
        <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-bold text-emerald-900">{copy.success}</h2>
        <p className="mt-3 text-emerald-900">{copy.thanks(title)}</p>
        <p className="mt-1 text-emerald-900">{copy.review}</p>
      </div>
    );
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      aria-labelledby="application-form-title"
      className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8"
    >
      <h2 id="application-form-title" className="text-xl font-bold">
        {job ? copy.heading : copy.generalHeading}
      </h2>
      {status.state === "error" && (
        <div ref={outcome} tabIndex={-1} className="mt-4 focus:outline-none">
          <Alert tone="error">{status.message}</Alert>
        </div>
      )}
      <fieldset disabled={submitting} className="mt-6 space-y-5">
        <Field label={copy.name} name="name" autoComplete="name" required defaultValue={typed.name} error={fieldError("name")} />
        <Field label={copy.email} name="email" type="email" autoComplete="email" required defaultValue={typed.email} error={fieldError("email")} />
        <Field label={copy.phone} name="phone" type="tel" autoComplete="tel" defaultValue={typed.phone} error={fieldError("phone")} />
        <Field
          label={copy.resume}
          name="resume"
          type="file"
          accept={RESUME_ACCEPT}
          required
          hint={copy.resumeHint}
          error={fieldError("resume")}
          className="[&_input]:file:mr-3 [&_input]:file:rounded-full [&_input]:file:border-0 [&_input]:file:bg-ink-100 [&_input]:file:px-3 [&_input]:file:py-1 [&_input]:file:font-semibold"
        />
        <Field as="textarea" label={copy.coverLetter} name="cover_letter" rows={4} defaultValue={typed.cover_letter} error={fieldError("cover_letter")} />
        {/* People never see this field; bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input type="text" name={APPLICATION_HONEYPOT} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? <Spinner label={copy.submitting} className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
          {submitting ? copy.submitting : copy.submit}
        </Button>
      </fieldset>
    </form>
  );
}
