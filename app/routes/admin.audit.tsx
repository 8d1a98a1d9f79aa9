import { Form, Link } from "react-router";
import { AuditQuerySchema } from "#contracts/admin-audit.ts";
import { auditActionLabel, auditActorLabel } from "#contracts/audit-actions.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AuditTable } from "#app/components/admin/AuditTable.tsx";
import { LoadingNotice, Pager } from "#app/components/admin/ListControls.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { auditCopy as copy } from "#app/content/admin.ts";
import { auditFilterCopy as filterCopy } from "#app/content/admin-team.ts";
import { adminPageMeta, requireAdminPage } from "#app/lib/admin-session.ts";
import type { Route } from "./+types/admin.audit";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "audit");
  // Filters that do not parse (typed by hand, or an end before the start) show the whole log and say so.
  const parsed = AuditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : AuditQuerySchema.parse({});
  const [log, options] = await Promise.all([context.services.audit.list(query), context.services.audit.filterOptions()]);
  return { query, log, options, badQuery: !parsed.success };
}

/** The filter's choices, each named by `label` (people as the log names them, actions in words) and in that order. */
const selectChoices = (values: string[], current: string | undefined, label: (value: string) => string) =>
  // A value no longer in the log (an old link) stays choosable, so the form shows what is applied.
  [...new Set([...values, ...(current ? [current] : [])])]
    .map((value) => ({ value, label: label(value) }))
    .sort((a, b) => a.label.localeCompare(b.label))
    .map(({ value, label }) => (
      <option key={value} value={value}>
        {label}
      </option>
    ));

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { query, log, options } = loaderData;
  const filtered = Boolean(query.who || query.action || query.from || query.to);
  return (
    <AdminShell title={copy.heading}>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label={filterCopy.apply}>
        <Field as="select" label={filterCopy.who} name="who" defaultValue={query.who ?? ""} className="min-w-44 flex-1">
          <option value="">{filterCopy.anyone}</option>
          {selectChoices(options.people, query.who, auditActorLabel)}
        </Field>
        <Field as="select" label={filterCopy.action} name="action" defaultValue={query.action ?? ""} className="min-w-44 flex-1">
          <option value="">{filterCopy.anyAction}</option>
          {selectChoices(options.actions, query.action, auditActionLabel)}
        </Field>
        <Field label={filterCopy.from} name="from" type="date" defaultValue={query.from ?? ""} className="min-w-40" />
        <Field label={filterCopy.to} name="to" type="date" defaultValue={query.to ?? ""} className="min-w-40" />
        <Button type="submit" variant="secondary" className="mb-0.5">
          {filterCopy.apply}
        </Button>
        {filtered && (
          <Link to="/admin/audit" className="mb-3 text-sm font-medium text-indigo-700 hover:underline">
            {filterCopy.clear}
          </Link>
        )}
      </Form>
      {loaderData.badQuery && (
        <Alert tone="error" className="mb-4">
          {filterCopy.badQuery}
        </Alert>
      )}
      <LoadingNotice />
      <AuditTable entries={log.results} />
      {log.count > 0 && <Pager page={log} />}
    </AdminShell>
  );
}
