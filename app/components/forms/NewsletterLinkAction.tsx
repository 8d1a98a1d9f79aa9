import { useState } from "react";
import { Alert } from "#app/components/ui/Alert.tsx";
import { apiRequest } from "#app/lib/api/client.ts";
import { seo } from "#app/lib/seo.ts";
import { SubmitButton } from "./FormParts";
import { useSubmission } from "./useSubmission";

/**
 * A newsletter link's one action. Mail scanners open links but press no buttons, so the link's page
 * changes nothing until the person presses this.
 */
export function NewsletterLinkAction({ path, body, label, fallbackError }: { path: string; body?: unknown; label: string; fallbackError: string }) {
  const submission = useSubmission({ fallbackError });
  const [done, setDone] = useState(false);
  if (done) return <Alert tone="success">{submission.message}</Alert>;
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const ok = await submission.submit(async () => (await apiRequest<{ message: string }>(path, { method: "POST", body })).message);
        setDone(ok);
      }}
      className="space-y-4"
    >
      {submission.status === "error" && <Alert tone="error">{submission.message}</Alert>}
      <SubmitButton submission={submission}>{label}</SubmitButton>
    </form>
  );
}

/** A newsletter link's page is for one reader: kept out of search results. */
export function linkPageMeta(title: string, description: string, path: string) {
  return [...seo({ title, description, path }).filter((tag) => !("name" in tag && tag.name === "robots")), { name: "robots", content: "noindex,nofollow" }];
}
