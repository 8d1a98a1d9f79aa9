import { DataRequestTokenSchema } from "#contracts/privacy.ts";
import { Form, Link, useNavigation } from "react-router";
import { linkPageMeta } from "#app/components/forms/NewsletterLinkAction.tsx";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { dataRequestConfirmation as copy } from "#app/content/legal.ts";
import type { Route } from "./+types/privacy.requests.$token";

export const meta = ({ params }: Route.MetaArgs) => linkPageMeta(copy.title, copy.pending, `/privacy/requests/${params.token}`);

/** Reads the link's state only; the request is confirmed by the button, which mail scanners do not press. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = DataRequestTokenSchema.safeParse(params.token);
  return { state: token.success ? await context.services.privacy.linkState(token.data) : ("invalid" as const) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const answer = await context.api("privacy/requests/confirm/", { token: params.token });
  const body = answer.body as { message?: string };
  return { ok: answer.status < 400, message: body.message ?? copy.invalid };
}

export default function ConfirmDataRequest({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Card className="sm:p-10">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        {actionData ? (
          <Alert tone={actionData.ok ? "success" : "error"} className="mt-4">
            {actionData.message}
          </Alert>
        ) : loaderData.state === "pending" ? (
          <Form method="post" className="mt-3 space-y-6">
            <p className="text-ink-700">{copy.pending}</p>
            <Button type="submit" disabled={submitting}>
              {copy.action}
            </Button>
          </Form>
        ) : (
          <div className="mt-3 space-y-4">
            <p className="text-ink-700">{copy[loaderData.state]}</p>
            {loaderData.state !== "confirmed" && (
              <Link to="/privacy" className="font-semibold text-crimson-600 underline-offset-2 hover:underline">
                {copy.again}
              </Link>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
