import { data, Form } from "react-router";
import { Alert } from "#app/components/ui/Alert.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { Card } from "#app/components/ui/Card.tsx";
import { withdrawalPage as copy } from "#app/content/careers.ts";
import { failureStatus } from "#app/lib/form-action.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/careers.withdraw.$token";

/**
 * The candidate's link from the acknowledgement. Opening it changes nothing (mail scanners open
 * links); pressing the button withdraws the application and deletes it with the résumé at once,
 * through the API route (decision 029), with or without JavaScript.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const answer = await context.api(`careers/withdraw/${encodeURIComponent(params.token)}/`, {});
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  if (answer.status < 400) return { withdrawn: true as const };
  return data({ withdrawn: false as const, message: typeof message === "string" ? message : copy.failed }, { status: failureStatus(answer.status) });
}

// The path stays generic: the token is the page's key and belongs in no tag a crawler or a preview keeps.
export const meta = () => seo({ ...copy.seo, path: "/careers/withdraw", noindex: true });

export default function WithdrawApplication({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Card className="sm:p-10">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        {actionData?.withdrawn ? (
          <Alert tone="success" className="mt-6">
            {copy.done}
          </Alert>
        ) : (
          <>
            <p className="mt-3 text-ink-700">{copy.text}</p>
            {actionData && !actionData.withdrawn && (
              <Alert tone="error" className="mt-6">
                {actionData.message}
              </Alert>
            )}
            <Form method="post" className="mt-6">
              <Button type="submit">{copy.action}</Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
