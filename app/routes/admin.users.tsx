import { type FormEvent } from "react";
import { data, Form } from "react-router";
import {
  ACCOUNT_ACTIONS,
  accountActionDone,
  ACCOUNT_STATES,
  AccountListQuerySchema,
  type AccountAction,
  type AccountActionResult,
  type AdminAccount,
} from "#contracts/admin-users.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { cellClass } from "#app/components/admin/AdminTable.tsx";
import { LoadingNotice, PagedTable } from "#app/components/admin/ListControls.tsx";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import { useAdminAction, type AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { usersCopy as copy } from "#app/content/admin-users.ts";
import { listQuery } from "#app/lib/admin-query.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { apiRequest } from "#app/lib/api/client.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.users";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "users");
  const query = listQuery(AccountListQuerySchema, request);
  return { query, list: await context.services.accountsAdmin.list(query) };
}

const isAction = (value: string): value is AccountAction => (ACCOUNT_ACTIONS as readonly string[]).includes(value);
const actionPath = (id: string, action: AccountAction) => `admin/users/${encodeURIComponent(id)}/${action}/`;

/** An action posted without JavaScript (decision 029): handed to the same /api route the script calls. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "users");
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  if (!isAction(intent)) return data<AdminNotice>({ tone: "error", text: copy.failed }, { status: 400 });
  const answer = await context.api(actionPath(textField(posted, "id"), intent), {});
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const text = typeof message === "string" ? message : copy.failed;
  return answer.status === 200
    ? ({ tone: "success", text } satisfies AdminNotice)
    : data<AdminNotice>({ tone: "error", text }, { status: failureStatus(answer.status) });
}

/** One action's button in its own POST form; the script sends it to the API and reloads the list instead. */
function ActionForm({
  account,
  action,
  onRun,
  busy,
  variant = "secondary",
}: {
  account: AdminAccount;
  action: AccountAction;
  onRun: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  variant?: "secondary" | "primary";
}) {
  return (
    <form method="post" onSubmit={onRun} data-action={action} data-id={account.id} data-email={account.email}>
      <input type="hidden" name="id" value={account.id} />
      <input type="hidden" name="intent" value={action} />
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-label={copy.buttonLabel(action, account.email)}>
        {copy.buttons[action]}
      </Button>
    </form>
  );
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const { run, busy, noticeAlert } = useAdminAction(actionData);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { action, id, email } = event.currentTarget.dataset as { action: AccountAction; id: string; email: string };
    void run(id, () => apiRequest<AccountActionResult>(actionPath(id, action), { method: "POST" }), accountActionDone[action](email), copy.failed);
  }

  return (
    <AdminShell title={copy.heading}>
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label={copy.filters} role="search">
        <Field
          label={copy.search}
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder={copy.searchPlaceholder}
          className="min-w-64 flex-1 sm:flex-none"
        />
        <Field as="select" label={copy.state} name="state" defaultValue={query.state ?? ""} className="min-w-48">
          <option value="">{copy.all}</option>
          {ACCOUNT_STATES.map((state) => (
            <option key={state} value={state}>
              {copy.states[state]}
            </option>
          ))}
        </Field>
        <Button type="submit" variant="secondary" className="mb-0.5">
          {copy.apply}
        </Button>
      </Form>
      {noticeAlert}
      <LoadingNotice />
      <PagedTable list={list} empty={copy.empty} caption={copy.caption} headings={copy.columns}>
        {list.results.map((account) => {
          const working = busy === account.id;
          const form = { account, onRun: submit, busy: working };
          return (
            <tr key={account.id}>
              <td className={`${cellClass} font-medium wrap-break-word`}>
                <Address>{account.email}</Address>
              </td>
              <td className={cellClass}>{account.full_name || "—"}</td>
              <td className={cellClass}>
                <StatusBadge status={account.verified ? "confirmed" : "pending"} label={account.verified ? copy.yes : copy.no} />
              </td>
              <td className={`${cellClass} min-w-32`}>{formatAdminDate(account.created_at)}</td>
              <td className={`${cellClass} min-w-32`}>{account.last_login ? formatAdminDate(account.last_login) : copy.never}</td>
              <td className={cellClass}>
                <StatusBadge status={account.disabled_at ? "closed" : "open"} label={account.disabled_at ? copy.disabled : copy.active} />
              </td>
              <td className={`${cellClass} min-w-48`}>
                <div role="group" aria-label={copy.actionsOf(account.email)} className="flex flex-wrap items-start gap-2">
                  {!account.verified && !account.disabled_at && <ActionForm {...form} action="resend-verification" />}
                  <ActionForm {...form} action={account.disabled_at ? "enable" : "disable"} />
                  <details className="group">
                    <summary className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-inset ring-ink-200 hover:bg-red-50">
                      {copy.deleteDisclosure}
                    </summary>
                    <div className="mt-2 w-56 space-y-2 rounded-xl bg-red-50 p-3 text-xs text-red-900">
                      <p>{copy.deleteWarning}</p>
                      <ActionForm {...form} action="delete" variant="primary" />
                    </div>
                  </details>
                </div>
              </td>
            </tr>
          );
        })}
      </PagedTable>
    </AdminShell>
  );
}
