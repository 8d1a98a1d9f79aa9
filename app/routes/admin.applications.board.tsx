import { useEffect, useState, type DragEvent, type FormEvent } from "react";
import { data, Link, useRevalidator } from "react-router";
import {
  APPLICATION_STATUSES,
  ApplicationBoardQuerySchema,
  ApplicationIdParams,
  type AdminApplication,
  type AdminApplicationDetail,
  type ApplicationBoard,
  type ApplicationBoardQuery,
  type ApplicationStatus,
} from "#contracts/admin-business.ts";
import { useHydrated } from "#app/components/account/useHydrated.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { ApplicationViewTabs, jobFilterChoices, sharedApplicationFilters } from "#app/components/admin/ApplicationFilters.tsx";
import { ListFilters } from "#app/components/admin/ListControls.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { applicationStatusLabels, applicationsBoardCopy as copy, applicationsCopy } from "#app/content/admin.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { adminBusiness } from "#app/lib/api/admin-client.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.applications.board";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "applications");
  const query = listQuery(ApplicationBoardQuerySchema, request);
  const [board, jobs] = await Promise.all([context.services.careersAdmin.board(query), context.services.careersAdmin.jobChoices()]);
  return { query, board, jobs: jobFilterChoices(jobs) };
}

type ActionResult = { notice: AdminNotice; id?: string };

/** A card's Move form posted without the script (decision 029), made through the application's status route. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "applications");
  const posted = await request.formData();
  const id = ApplicationIdParams.safeParse({ id: textField(posted, "id") });
  if (textField(posted, "intent") !== "move" || !id.success)
    return data<ActionResult>({ notice: { tone: "error", text: applicationsCopy.unknownAction } }, { status: 400 });
  const { notice, status } = await sendAdminForm(context, `admin/applications/${id.data.id}/status/`, { status: textField(posted, "status") }, (body) => {
    const moved = body as AdminApplicationDetail;
    return copy.moved(moved.name, applicationStatusLabels[moved.status]);
  });
  return data<ActionResult>({ notice, id: id.data.id }, { status });
}

/** The list, filtered as the board is and to one stage. */
function listLink(query: ApplicationBoardQuery, status: ApplicationStatus) {
  const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))), status });
  return `/admin/applications?${params}`;
}

const cardId = (id: string) => `application-card-${id}`;
const DRAG_TYPE = "application/x-application-id";

function Card({ application, draggable, onMove }: { application: AdminApplication; draggable: boolean; onMove: (event: FormEvent<HTMLFormElement>) => void }) {
  const [dragging, setDragging] = useState(false);
  return (
    <li>
      <article
        id={cardId(application.id)}
        tabIndex={-1}
        aria-label={application.name}
        draggable={draggable || undefined}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, application.id);
          event.dataTransfer.effectAllowed = "move";
          setDragging(true);
        }}
        onDragEnd={() => setDragging(false)}
        // Positioned, so the hidden parts of its labels stay inside the board's own scrolling box.
        className={`relative rounded-xl bg-white p-4 shadow-sm ring-1 ring-ink-100 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none ${
          draggable ? "cursor-grab" : ""
        } ${dragging ? "opacity-50" : ""}`}
      >
        <h3 className="font-semibold">
          <Link to={`/admin/applications/${application.id}`} className="text-indigo-700 hover:underline">
            {application.name}
          </Link>
        </h3>
        <p className="text-sm text-ink-800">{application.job_title ?? applicationsCopy.general}</p>
        <p className="mt-1 text-xs text-ink-700">
          <time dateTime={application.created_at}>{copy.received(formatAdminDate(application.created_at))}</time>
          {" · "}
          {copy.rating(application.rating)}
        </p>
        <form method="post" onSubmit={onMove} className="mt-3 flex items-end gap-2">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={application.id} />
          <label className="min-w-0 flex-1 text-xs font-medium text-ink-900">
            {copy.moveTo}
            <span className="sr-only"> ({application.name})</span>
            <select
              name="status"
              defaultValue=""
              required
              className="mt-1 block w-full rounded-lg border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-ink-900 ring-1 ring-ink-200 ring-inset focus:ring-2 focus:ring-indigo-600"
            >
              <option value="" disabled>
                {copy.chooseStage}
              </option>
              {APPLICATION_STATUSES.filter((status) => status !== application.status).map((status) => (
                <option key={status} value={status}>
                  {applicationStatusLabels[status]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" variant="secondary" aria-label={copy.moveName(application.name)}>
            {copy.move}
          </Button>
        </form>
      </article>
    </li>
  );
}

function Column({
  column,
  query,
  dragReady,
  onMove,
  onDrop,
}: {
  column: ApplicationBoard["columns"][number];
  query: ApplicationBoardQuery;
  dragReady: boolean;
  onMove: (event: FormEvent<HTMLFormElement>) => void;
  onDrop: (id: string, status: ApplicationStatus) => void;
}) {
  const [over, setOver] = useState(false);
  const headingId = `stage-${column.status}`;
  const hidden = column.count - column.applications.length;
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <section
      aria-labelledby={headingId}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const id = event.dataTransfer.getData(DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        onDrop(id, column.status);
      }}
      className={`flex min-w-0 flex-col rounded-card p-3 ring-1 transition-colors duration-150 motion-reduce:transition-none ${
        over ? "bg-indigo-50 ring-indigo-400" : "bg-ink-50 ring-ink-100"
      }`}
    >
      <h2 id={headingId} className="flex scroll-mt-20 items-baseline justify-between gap-2 px-1 pb-3 font-bold text-ink-900">
        {applicationStatusLabels[column.status]}
        <span className="text-sm font-medium text-ink-700">{copy.count(column.count)}</span>
      </h2>
      {column.applications.length === 0 ? (
        <p className="px-1 pb-2 text-sm text-ink-700">{copy.empty}</p>
      ) : (
        <ol className="space-y-3">
          {column.applications.map((application) => (
            <Card key={application.id} application={application} draggable={dragReady} onMove={onMove} />
          ))}
        </ol>
      )}
      {hidden > 0 && (
        <Link to={listLink(query, column.status)} className="mt-3 px-1 text-sm font-medium text-indigo-700 hover:underline">
          {copy.more(hidden)}
        </Link>
      )}
    </section>
  );
}

/** Each stage's name and count in a row above the board, leading to its column: the whole pipeline at a glance, however many rows the columns take. */
function StageSummary({ columns }: { columns: ApplicationBoard["columns"] }) {
  return (
    <nav aria-label={copy.stages} className="mb-4">
      <ol className="flex flex-wrap gap-2 text-sm">
        {columns.map((column) => (
          <li key={column.status}>
            <a
              href={`#stage-${column.status}`}
              aria-label={copy.stageLink(applicationStatusLabels[column.status], column.count)}
              className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 font-medium text-ink-900 ring-1 ring-ink-200 ring-inset hover:bg-ink-100"
            >
              {applicationStatusLabels[column.status]}
              <span className="rounded-full bg-ink-100 px-1.5 text-xs font-semibold text-ink-800 tabular-nums">{column.count}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export default function ApplicationsBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { query, board } = loaderData;
  const shared = sharedApplicationFilters(query, loaderData.jobs);
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<AdminNotice | undefined>(actionData?.notice);
  const [focusCard, setFocusCard] = useState<string | undefined>(actionData?.id);
  // Cards are dragged only once the script runs; before, and without it, each card's Move form does the same.
  const dragReady = useHydrated();

  // A moved card is drawn anew in its new column: the keyboard goes on from it.
  useEffect(() => {
    if (!focusCard) return;
    document.getElementById(cardId(focusCard))?.focus();
  }, [focusCard, board]);

  async function move(id: string, status: ApplicationStatus) {
    const card = board.columns.flatMap((column) => column.applications).find((application) => application.id === id);
    if (!card || card.status === status) return;
    setNotice(undefined);
    try {
      const moved = await adminBusiness.setApplicationStatus(id, status);
      await revalidator.revalidate();
      setFocusCard(id);
      setNotice({ tone: "success", text: copy.moved(moved.name, applicationStatusLabels[moved.status]) });
    } catch (error) {
      setNotice({ tone: "error", text: error instanceof Error ? error.message : "The change was not saved." });
    }
  }

  function submitMove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    void move(String(fields.get("id")), fields.get("status") as ApplicationStatus);
  }

  return (
    <AdminShell title={applicationsCopy.heading}>
      <ApplicationViewTabs current="board" query={query} />
      <ListFilters filters={[shared.job]} dates={shared.dates} />
      <div role="status" className="mb-4 min-h-6">
        {notice && notice.tone === "success" && <p className="text-sm font-medium text-emerald-800">{notice.text}</p>}
      </div>
      {notice?.tone === "error" && (
        <Alert tone="error" className="mb-4" onDismiss={() => setNotice(undefined)}>
          {notice.text}
        </Alert>
      )}
      <StageSummary columns={board.columns} />
      <p className="mb-4 hidden text-sm text-ink-700 sm:block">{copy.dragHint}</p>
      {/* Every stage in view: as many columns side by side as fit, the rest on the next rows, never off to the side. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] items-start gap-4">
        {board.columns.map((column) => (
          <Column key={column.status} column={column} query={query} dragReady={dragReady} onMove={submitMove} onDrop={(id, status) => void move(id, status)} />
        ))}
      </div>
    </AdminShell>
  );
}
