import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ADMIN_MAX_PER_PAGE, PostListQuerySchema } from "#contracts/admin-business.ts";
import type { CampaignDetail } from "#contracts/campaigns.ts";
import { ActionNotice } from "#app/components/admin/ActionNotice.tsx";
import { AdminShell } from "#app/components/admin/AdminShell.tsx";
import { AdminTable, cellClass } from "#app/components/admin/AdminTable.tsx";
import { CampaignForm } from "#app/components/admin/CampaignForm.tsx";
import { emptyCampaignValues, percentOf, type CampaignFormRefusal } from "#app/components/admin/campaign-values.ts";
import { StatusBadge } from "#app/components/admin/StatusBadge.tsx";
import type { AdminNotice } from "#app/components/admin/useAdminAction.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Field } from "#app/components/ui/Field.tsx";
import { campaignsCopy as copy, campaignStatusLabels } from "#app/content/admin-campaigns.ts";
import { campaignPage, postCampaignForm, refusalOf } from "#app/lib/campaign-form.server.ts";
import { adminPageMeta, formatAdminDate, requireAdminPage } from "#app/lib/admin-session.ts";
import { failureStatus, textField } from "#app/lib/form-action.server.ts";
import type { Route } from "./+types/admin.campaigns._index";

export const meta = () => adminPageMeta(copy.heading);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context, "campaigns");
  const [campaigns, posts] = await Promise.all([
    context.services.campaigns.list(),
    context.services.blog.adminPostsPage(PostListQuerySchema.parse({ per_page: ADMIN_MAX_PER_PAGE })),
  ]);
  return { campaigns, posts: posts.results.map(({ id, title }) => ({ id, title })) };
}

type ActionResult = { intent: "create"; refused: CampaignFormRefusal } | { intent: "from-post"; notice: AdminNotice; error?: string; postId: string };

/** Both forms create a draft through the API route (decision 029) and go on to its page; a refusal comes back to its form. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context, "campaigns");
  const posted = await request.formData();
  const intent = textField(posted, "intent");
  if (intent === "create") {
    const answer = await postCampaignForm(context, posted, copy.notCreated);
    if ("saved" in answer) return redirect(campaignPage(answer.saved));
    return data<ActionResult>({ intent, refused: answer.refused }, { status: answer.status });
  }
  const postId = textField(posted, "post_id");
  if (intent !== "from-post") return data<ActionResult>({ intent: "from-post", notice: { tone: "error", text: copy.unknownAction }, postId }, { status: 400 });
  const answer = await context.api("admin/campaigns/from-post/", { post_id: postId });
  if (answer.status < 400) return redirect(campaignPage(answer.body as CampaignDetail));
  const { notice, errors } = refusalOf(answer.body, copy.notCreated);
  return data<ActionResult>(
    { intent: "from-post", notice: errors.post_id ? { tone: "error", text: errors.post_id } : notice, error: errors.post_id, postId },
    { status: failureStatus(answer.status) },
  );
}

const sectionClass = "rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100 sm:p-8";

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, posts } = loaderData;
  const busy = useNavigation().state === "submitting";
  const fromPost = actionData?.intent === "from-post" ? actionData : undefined;
  return (
    <AdminShell title={copy.heading}>
      {campaigns.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-ink-800 shadow-card ring-1 ring-ink-100">{copy.empty}</p>
      ) : (
        <AdminTable caption={copy.caption} headings={copy.columns}>
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <td className={`${cellClass} min-w-56`}>
                <Link to={`/admin/campaigns/${campaign.id}`} className="font-semibold text-indigo-700 hover:underline">
                  {campaign.subject}
                </Link>
              </td>
              <td className={cellClass}>
                <StatusBadge status={campaign.status} label={campaignStatusLabels[campaign.status]} />
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {campaign.stats.sent} / {campaign.stats.recipients}
              </td>
              <td className={`${cellClass} tabular-nums`}>{percentOf(campaign.stats.unique_opens, campaign.stats.sent)}</td>
              <td className={`${cellClass} tabular-nums`}>{percentOf(campaign.stats.unique_clicks, campaign.stats.sent)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatAdminDate(campaign.updated_at)}</td>
            </tr>
          ))}
        </AdminTable>
      )}

      <div className="mt-8 grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_21rem] xl:items-start">
        <section aria-labelledby="new-campaign" className={sectionClass}>
          <h2 id="new-campaign" className="text-lg font-bold">
            {copy.newHeading}
          </h2>
          <p className="mt-1 mb-5 text-sm text-ink-700">{copy.newIntro}</p>
          <CampaignForm
            intent="create"
            values={emptyCampaignValues}
            refused={actionData?.intent === "create" ? actionData.refused : undefined}
            submit={copy.create}
          />
        </section>

        <section aria-labelledby="from-post" className={sectionClass}>
          <h2 id="from-post" className="text-lg font-bold">
            {copy.fromPostHeading}
          </h2>
          <p className="mt-1 mb-5 text-sm text-ink-700">{copy.fromPostIntro}</p>
          {posts.length === 0 ? (
            <p className="text-ink-800">{copy.noPosts}</p>
          ) : (
            <Form method="post" className="space-y-5">
              <ActionNotice notice={fromPost?.error ? undefined : fromPost?.notice}>{fromPost?.notice.text}</ActionNotice>
              <input type="hidden" name="intent" value="from-post" />
              <Field as="select" label={copy.post} name="post_id" required defaultValue={fromPost?.postId ?? ""} error={fromPost?.error}>
                <option value="">{copy.choosePost}</option>
                {posts.map((post) => (
                  <option key={post.id} value={post.id}>
                    {post.title}
                  </option>
                ))}
              </Field>
              <Button type="submit" disabled={busy}>
                {copy.createFromPost}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </AdminShell>
  );
}
