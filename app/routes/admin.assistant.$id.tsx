import { ArrowLeft, Bot, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { DetailList } from "#app/components/admin/DetailList.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { assistantCopy as copy } from "#app/content/admin.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin.assistant.$id";

export const meta = () => adminPageMeta(copy.detailHeading);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "assistant");
  const found = UUID.test(params.id) ? await context.services.assistant.conversation(params.id) : null;
  if (!found) throw data("Conversation not found", { status: 404 });
  return found;
}

export default function AssistantConversation({ loaderData }: Route.ComponentProps) {
  const { summary, turns } = loaderData;
  const f = copy.fields;
  return (
    <AdminShell title={copy.detailHeading}>
      <Link to="/admin/assistant" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {copy.backToList}
      </Link>
      <div className="space-y-6">
        <section aria-label={copy.detailHeading} className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
          <DetailList
            items={[
              [f.started, formatAdminDate(summary.startedAt)],
              [f.last, formatAdminDate(summary.lastAt)],
              [f.questions, String(summary.questions)],
              [
                f.unanswered,
                summary.unanswered > 0 ? <Badge tone="warning">{copy.unanswered(summary.unanswered)}</Badge> : <Badge tone="success">{copy.allAnswered}</Badge>,
              ],
              [
                f.enquiry,
                summary.enquiryId === null ? (
                  copy.notHandedOff
                ) : (
                  <Link to={`/admin/enquiries/${summary.enquiryId}`} className="font-medium text-indigo-700 hover:underline">
                    {copy.enquiry(summary.enquiryId)}
                  </Link>
                ),
              ],
            ]}
          />
        </section>
        <section aria-labelledby="transcript-heading" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8">
          <h2 id="transcript-heading" className="text-lg font-bold">
            {copy.transcript}
          </h2>
          <ol className="mt-6 space-y-8">
            {turns.map((turn, position) => (
              <li key={position} className={`border-l-4 pl-4 ${turn.answered ? "border-emerald-200" : "border-amber-400"}`}>
                <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
                  <UserRound className="size-4" aria-hidden="true" />
                  <span className="font-semibold text-ink-900">{copy.visitor}</span>
                  <time dateTime={turn.askedAt}>{formatAdminDate(turn.askedAt)}</time>
                </p>
                <p className="mt-1 font-medium break-words text-ink-900">{turn.question}</p>
                <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-700">
                  <Bot className="size-4" aria-hidden="true" />
                  <span className="font-semibold text-ink-900">{copy.assistant}</span>
                  {turn.answered ? <Badge tone="success">{copy.answered}</Badge> : <Badge tone="warning">{copy.notAnswered}</Badge>}
                </p>
                <p className="mt-1 break-words whitespace-pre-line text-ink-800">{turn.answer}</p>
                <p className="mt-3 text-xs font-semibold tracking-wider text-ink-700 uppercase">{copy.sources}</p>
                {turn.sources.length > 0 ? (
                  <ul className="mt-1 space-y-1 text-sm">
                    {turn.sources.map((source) => (
                      <li key={source.url}>
                        <a href={source.url} className="font-medium text-indigo-700 hover:underline">
                          {source.title}
                        </a>{" "}
                        <span className="text-ink-700">({source.url})</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-ink-700">{copy.noSources}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </AdminShell>
  );
}
