import { Link } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import { cellClass } from "~/components/admin/AdminTable";
import { ListFilters, LoadingNotice, PagedTable } from "~/components/admin/ListControls";
import { ViewTabs } from "~/components/admin/ViewTabs";
import { Badge } from "~/components/ui/Badge";
import { assistantCopy as copy } from "~/content/admin";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "~/lib/admin-session";
import type { Route } from "./+types/admin.assistant";

export const meta = () => adminPageMeta(copy.heading);

const VIEWS = ["conversations", "searches"] as const;
type View = (typeof VIEWS)[number];

/** The screen's address: which list, its page, and for the conversations whether only the unanswered ones. One that does not parse reads as the first page. */
function screenQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  return {
    view: (params.get("view") === "searches" ? "searches" : "conversations") as View,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    unansweredOnly: params.get("unanswered") === "1",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "assistant");
  const { view, page, unansweredOnly } = screenQuery(request);
  if (view === "searches") return { view, misses: await context.services.search.misses({ page }) } as const;
  return { view, unansweredOnly, conversations: await context.services.assistant.conversations({ page, unansweredOnly }) } as const;
}

export default function AssistantScreen({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell title={copy.heading}>
      <ViewTabs
        label={copy.views}
        views={VIEWS.map((id) => ({
          to: id === "conversations" ? "/admin/assistant" : "/admin/assistant?view=searches",
          label: id === "conversations" ? copy.conversationsTab : copy.searchesTab,
          current: id === loaderData.view,
        }))}
      />
      {loaderData.view === "searches" ? (
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
