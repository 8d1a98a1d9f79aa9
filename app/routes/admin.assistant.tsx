import { data, Form, Link } from "react-router";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { ListFilters, LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { ViewTabs } from "#app/components/admin/ViewTabs.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { assistantCopy as copy } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { textField } from "#app/lib/form-action.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin.assistant";

export const meta = () => adminPageMeta(copy.heading);

const VIEWS = ["conversations", "questions", "searches"] as const;
type View = (typeof VIEWS)[number];

/** The screen's address: which list, its page, and for the conversations whether only the unanswered ones. One that does not parse reads as the first page. */
function screenQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  const view = params.get("view");
  return {
    view: (VIEWS.find((name) => name === view) ?? "conversations") as View,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    unansweredOnly: params.get("unanswered") === "1",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "assistant");
  const { view, page, unansweredOnly } = screenQuery(request);
  if (view === "searches") return { view, misses: await context.services.search.misses({ page }) } as const;
  if (view === "questions") return { view, questions: await context.services.assistantAnswers.unanswered({ page }) } as const;
  return { view, unansweredOnly, conversations: await context.services.assistant.conversations({ page, unansweredOnly }) } as const;
}

/** Staff publish an answer to a question the assistant declined; it works without JavaScript, as every form. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "assistant");
  const posted = await request.formData();
  const answer = { question: textField(posted, "question"), answer: textField(posted, "answer") };
  const { notice, status } = await sendAdminForm(context, "admin/assistant/answers/", answer, () => copy.published);
  return data({ notice, ...(notice.tone === "error" ? { answer } : {}) }, { status });
}

const viewAddress = (view: View) => (view === "conversations" ? "/admin/assistant" : `/admin/assistant?view=${view}`);
const viewLabel: Record<View, string> = { conversations: copy.conversationsTab, questions: copy.questionsTab, searches: copy.searchesTab };

export default function AssistantScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminShell title={copy.heading}>
      <ViewTabs label={copy.views} views={VIEWS.map((id) => ({ to: viewAddress(id), label: viewLabel[id], current: id === loaderData.view }))} />
      <ActionNotice notice={actionData?.notice}>{actionData?.notice.text}</ActionNotice>
      {loaderData.view === "questions" ? (
        <>
          <p className="mb-4 max-w-3xl text-ink-800">{copy.questionsIntro}</p>
          <LoadingNotice />
          <PagedTable list={loaderData.questions} empty={copy.questionsEmpty} caption={copy.questionsCaption} headings={copy.questionsColumns}>
            {loaderData.questions.results.map((question) => (
              <tr key={question.question}>
                {/* The answer is written under its question, so it stays in view on a phone. */}
                <td className={`${cellClass} min-w-64 align-top`}>
                  <p className="font-medium break-words">{question.question}</p>
                  {question.answered ? (
                    <Badge tone="success" className="mt-2">
                      {copy.answeredSince}
                    </Badge>
                  ) : (
                    <Form method="post" action="/admin/assistant?view=questions" className="mt-3 max-w-xl space-y-2">
                      <input
                        name="question"
                        defaultValue={`${question.question.charAt(0).toUpperCase()}${question.question.slice(1)}?`}
                        aria-label={copy.questionLabel(question.question)}
                        className="w-full rounded-md border border-ink-300 px-2 py-1 text-sm"
                        required
                        maxLength={300}
                      />
                      <textarea
                        name="answer"
                        aria-label={copy.answerLabel(question.question)}
                        className="w-full rounded-md border border-ink-300 px-2 py-1 text-sm"
                        rows={3}
                        required
                        maxLength={3000}
                      />
                      <Button type="submit" size="sm">
                        {copy.publish}
                      </Button>
                    </Form>
                  )}
                </td>
                <td className={`${cellClass} align-top`}>{question.asked.toLocaleString("en-US")}</td>
                <td className={`${cellClass} align-top`}>{question.handedOff.toLocaleString("en-US")}</td>
                <td className={`${cellClass} align-top whitespace-nowrap`}>{formatAdminDate(question.lastAt)}</td>
              </tr>
            ))}
          </PagedTable>
        </>
      ) : loaderData.view === "searches" ? (
        <>
          <LoadingNotice />
          <PagedTable list={loaderData.misses} empty={copy.searchesEmpty} caption={copy.searchesCaption} headings={copy.searchesColumns}>
            {loaderData.misses.results.map((miss) => (
              <tr key={miss.query}>
                <td className={`${cellClass} min-w-48 font-medium break-words`}>{miss.query}</td>
                <td className={cellClass}>{miss.count.toLocaleString("en-US")}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(miss.firstAt)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(miss.lastAt)}</td>
              </tr>
            ))}
          </PagedTable>
        </>
      ) : (
        <>
          <ListFilters checks={[{ name: "unanswered", label: copy.unansweredOnly, value: "1", checked: loaderData.unansweredOnly }]} />
          <LoadingNotice />
          <PagedTable
            list={loaderData.conversations}
            empty={loaderData.unansweredOnly ? copy.noneUnanswered : copy.empty}
            caption={copy.caption}
            headings={copy.columns}
          >
            {loaderData.conversations.results.map((conversation) => (
              <tr key={conversation.id} className={conversation.unanswered > 0 ? "bg-amber-50/60" : undefined}>
                <td className={`${cellClass} min-w-48`}>
                  <Link to={`/admin/assistant/${conversation.id}`} className="font-medium break-words text-indigo-700 hover:underline">
                    {conversation.firstQuestion}
                    {/* Many conversations begin with the same suggested question: the time tells their links apart. */}
                    <span className="sr-only">, {copy.startedAt(formatAdminDate(conversation.startedAt))}</span>
                  </Link>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(conversation.lastAt)}</td>
                <td className={cellClass}>{conversation.questions}</td>
                <td className={cellClass}>
                  {conversation.unanswered > 0 ? (
                    <Badge tone="warning">{copy.unanswered(conversation.unanswered)}</Badge>
                  ) : (
                    <Badge tone="success">{copy.allAnswered}</Badge>
                  )}
                </td>
                <td className={cellClass}>
                  {conversation.enquiryId === null ? (
                    copy.notHandedOff
                  ) : (
                    <Link to={`/admin/enquiries/${conversation.enquiryId}`} className="font-medium text-indigo-700 hover:underline">
                      {copy.enquiry(conversation.enquiryId)}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </PagedTable>
        </>
      )}
    </AdminShell>
  );
}
