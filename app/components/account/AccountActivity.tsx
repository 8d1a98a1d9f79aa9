import type { AccountActivity as Activity } from "#contracts/accounts.ts";
import { useEffect, useState } from "react";
import { Switch } from "#app/components/pages/Switch.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { Spinner } from "#app/components/ui/Spinner.tsx";
import { account } from "#app/content/account.ts";
import { AccountError, fetchAccountActivity, setNewsletter } from "#app/lib/api/account-client.ts";
import { formatDateTime } from "#app/lib/dates.ts";

const copy = account.dashboard.activity;
const panel = "rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8";
const linkClass = "font-semibold text-indigo-700 underline-offset-4 hover:underline";

/** The person's applications (at the stage a candidate is shown), meetings (each with its own page to cancel or reschedule) and the newsletter switch. */
export function AccountActivity() {
  const [activity, setActivity] = useState<Activity>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    fetchAccountActivity().then(setActivity, (error) => setLoadError((error instanceof AccountError && error.detail) || copy.failed));
  }, []);

  if (loadError)
    return (
      <div className={panel}>
        <Alert tone="error">{loadError}</Alert>
      </div>
    );
  if (!activity)
    return (
      <div className={panel}>
        <Spinner label={copy.loading} />
      </div>
    );
  return (
    <>
      <section aria-labelledby="applications-title" className={panel}>
        <h2 id="applications-title" className="text-xl font-bold text-ink-900">
          {copy.applications}
        </h2>
        {activity.applications.length === 0 ? (
          <p className="mt-3 text-ink-700">
            {copy.applicationsEmpty}{" "}
            <Link to="/careers" className={linkClass}>
              {copy.careersLink}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100">
            {activity.applications.map((application) => (
              <li key={application.sent_at} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="font-semibold break-words text-ink-900">{application.position}</span>
                <span className="text-sm text-ink-700">
                  {copy.sent} <time dateTime={application.sent_at}>{formatDateTime(application.sent_at)}</time>
                  {" · "}
                  <span className="sr-only">{copy.stage}: </span>
                  <span className="font-medium text-ink-900">{copy.stages[application.stage]}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="meetings-title" className={panel}>
        <h2 id="meetings-title" className="text-xl font-bold text-ink-900">
          {copy.meetings}
        </h2>
        {activity.meetings.length === 0 ? (
          <p className="mt-3 text-ink-700">
            {copy.meetingsEmpty}{" "}
            <Link to="/meetings/book" className={linkClass}>
              {copy.bookLink}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100">
            {activity.meetings.map((meeting) => {
              const when = formatDateTime(meeting.starts_at);
              return (
                <li key={meeting.manage_url} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                  <span>
                    <time dateTime={meeting.starts_at} className="font-semibold text-ink-900">
                      {when}
                    </time>
                    {meeting.topic && <span className="block text-sm break-words text-ink-700">{meeting.topic}</span>}
                  </span>
                  {meeting.status === "cancelled" ? (
                    <span className="text-sm font-medium text-ink-700">{copy.cancelled}</span>
                  ) : (
                    <a href={new URL(meeting.manage_url).pathname} className={`text-sm ${linkClass}`}>
                      {copy.manage}
                      <span className="sr-only"> {copy.manageOf(meeting.topic, when)}</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <NewsletterSwitch subscribed={activity.newsletter.subscribed} />
    </>
  );
}

function NewsletterSwitch({ subscribed }: { subscribed: boolean }) {
  const [on, setOn] = useState(subscribed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function choose(next: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      setOn((await setNewsletter(next)).subscribed);
    } catch (failure) {
      setError((failure instanceof AccountError && failure.detail) || copy.newsletterFailed);
    }
    setBusy(false);
  }

  return (
    <section aria-labelledby="newsletter-title" className={panel}>
      <h2 id="newsletter-title" className="text-xl font-bold text-ink-900">
        {copy.newsletter}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{copy.newsletterIntro}</p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <span id="newsletter-switch-label" className="font-medium text-ink-900">
          {copy.newsletterSwitch}
        </span>
        <Switch
          checked={on}
          onChange={(next) => void choose(next)}
          labelledBy="newsletter-switch-label"
          onLabel={copy.switchOn}
          offLabel={copy.switchOff}
          disabled={busy}
        />
      </div>
      <p role="status" className="mt-3 text-sm text-ink-700">
        {error ? "" : on ? copy.newsletterOn : copy.newsletterOff}
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </section>
  );
}
