import type { FormEvent, ReactNode } from "react";
import { data } from "react-router";
import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from "#contracts/admin-roles.ts";
import { isLastActiveOwner, teamCall, type TeamMember } from "#contracts/admin-team.ts";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Badge } from "#app/components/ui/Badge.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { roleDescriptions, teamCopy as copy } from "#app/content/admin-team.ts";
import { sendAdminForm } from "#app/lib/admin-forms.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.team";
import { Address } from "#app/components/ui/Address.tsx";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, "team");
  return { adminId: admin.id, team: await context.services.team.overview() };
}

/**
 * Every change on this screen is a plain form posted here, with or without the script (decision 029): its
 * `intent` names the team API call it stands for, made through that route so its guard, rules and audit apply.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "team");
  const posted = await request.formData();
  const fields = Object.fromEntries(["intent", "id", "email", "role"].map((name) => [name, textField(posted, name)]));
  const call = teamCall(fields);
  if (!call) return data({ notice: { tone: "error" as const, text: copy.unknownAction }, email: "" }, { status: 400 });
  const { notice, status } = await sendAdminForm(context, call.path, call.body);
  // A refused invitation keeps the address typed, so it can be corrected.
  return data({ notice, email: fields.intent === "invite" && notice.tone === "error" ? fields.email! : "" }, { status });
}

/** A one-button form for a change to one admin or invitation; `confirm` asks first when the script runs. */
function ChangeForm({ intent, id, label, children, confirm }: { intent: string; id: number; label: string; children: ReactNode; confirm?: string }) {
  const ask = (event: FormEvent<HTMLFormElement>) => {
    if (confirm && !window.confirm(confirm)) event.preventDefault();
  };
  return (
    <form method="post" onSubmit={ask}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="secondary" aria-label={label}>
        {children}
      </Button>
    </form>
  );
}

const roleOptions = ADMIN_ROLES.map((role) => (
  <option key={role} value={role}>
    {ADMIN_ROLE_LABELS[role]}
  </option>
));

/** One admin's row: role, status and sign-ins, and the changes the server would make (none that keep the team from its last owner). */
function AdminRow({ member, self, lastOwner }: { member: TeamMember; self: boolean; lastOwner: boolean }) {
  return (
    <tr>
      <td className={`${cellClass} font-medium`}>
        <Address>{member.username}</Address> {self && <span className="font-normal text-ink-700">{copy.you}</span>}
      </td>
      <td className={`${cellClass} wrap-break-word`}>
        <Address>{member.email}</Address>
      </td>
      <td className={cellClass}>
        {lastOwner ? (
          ADMIN_ROLE_LABELS[member.role]
        ) : (
          <form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={member.id} />
            <select
              name="role"
              defaultValue={member.role}
              aria-label={copy.roleOf(member.username)}
              className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-sm ring-1 ring-ink-200 ring-inset focus:ring-2 focus:ring-indigo-600"
            >
              {roleOptions}
            </select>
            <Button type="submit" size="sm" variant="secondary" aria-label={copy.changeRoleOf(member.username)}>
              {copy.changeRole}
            </Button>
          </form>
        )}
      </td>
      <td className={cellClass}>
        <Badge tone={member.active ? "success" : "neutral"}>{member.active ? copy.active : copy.disabled}</Badge>
      </td>
      <td className={cellClass}>{member.two_factor ? copy.twoFactorOn : copy.twoFactorOff}</td>
      <td className={`${cellClass} min-w-28`}>{member.last_login_at ? formatAdminDate(member.last_login_at) : copy.never}</td>
      <td className={cellClass}>
        {lastOwner ? (
          <p className="text-sm whitespace-nowrap text-ink-700">{copy.lastOwner}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {member.active ? (
              <ChangeForm intent="disable" id={member.id} label={copy.actionOn(copy.disable, member.username)} confirm={copy.confirmDisable(member.username)}>
                {copy.disable}
              </ChangeForm>
            ) : (
              <ChangeForm intent="enable" id={member.id} label={copy.actionOn(copy.enable, member.username)}>
                {copy.enable}
              </ChangeForm>
            )}
            <ChangeForm intent="remove" id={member.id} label={copy.actionOn(copy.remove, member.username)} confirm={copy.confirmRemove(member.username)}>
              {copy.remove}
            </ChangeForm>
          </div>
        )}
      </td>
    </tr>
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team } = loaderData;
  const lastOwner = team.admins.find((member) => isLastActiveOwner(member, team.admins));
  return (
    <AdminShell title={copy.heading}>
      {actionData?.notice && (
        <Alert tone={actionData.notice.tone} className="mb-6">
          {actionData.notice.text}
        </Alert>
      )}

      <section aria-labelledby="invite-heading" className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100">
        <h2 id="invite-heading" className="text-xl font-bold">
          {copy.inviteHeading}
        </h2>
        <p className="mt-1 text-sm text-ink-700">{copy.inviteIntro}</p>
        <form method="post" className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="invite" />
          <Field label={copy.email} name="email" type="email" autoComplete="off" required defaultValue={actionData?.email} className="min-w-64 flex-1" />
          <Field as="select" label={copy.role} name="role" defaultValue="support" className="min-w-48">
            {roleOptions}
          </Field>
          <Button type="submit" className="mb-0.5">
            {copy.invite}
          </Button>
        </form>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm text-ink-700 sm:grid-cols-2">
          {ADMIN_ROLES.map((role: AdminRole) => (
            <div key={role}>
              <dt className="inline font-semibold text-ink-900">{ADMIN_ROLE_LABELS[role]}:</dt> <dd className="inline">{roleDescriptions[role]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="admins-heading" className="mt-10">
        <h2 id="admins-heading" className="mb-4 text-xl font-bold">
          {copy.adminsHeading}
        </h2>
        {lastOwner && <p className="mb-4 text-sm text-ink-700">{copy.lastOwnerNote(lastOwner.username)}</p>}
        <AdminTable caption={copy.adminsCaption} headings={copy.adminColumns}>
          {team.admins.map((member) => (
            <AdminRow key={member.id} member={member} self={member.id === loaderData.adminId} lastOwner={member.id === lastOwner?.id} />
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="invites-heading" className="mt-10">
        <h2 id="invites-heading" className="mb-4 text-xl font-bold">
          {copy.invitesHeading}
        </h2>
        {team.invites.length === 0 ? (
          <p className="text-ink-700">{copy.noInvites}</p>
        ) : (
          <AdminTable caption={copy.invitesCaption} headings={copy.inviteColumns}>
            {team.invites.map((invite) => (
              <tr key={invite.id}>
                <td className={`${cellClass} font-medium wrap-break-word`}>
                  <Address>{invite.email}</Address>
                </td>
                <td className={cellClass}>{ADMIN_ROLE_LABELS[invite.role]}</td>
                <td className={cellClass}>{invite.invited_by ?? "—"}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(invite.expires_at)}</td>
                <td className={cellClass}>
                  <div className="flex flex-wrap gap-2">
                    <ChangeForm intent="resend" id={invite.id} label={copy.actionOn(copy.resend, invite.email)}>
                      {copy.resend}
                    </ChangeForm>
                    <ChangeForm intent="revoke" id={invite.id} label={copy.actionOn(copy.revoke, invite.email)}>
                      {copy.revoke}
                    </ChangeForm>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </AdminShell>
  );
}
