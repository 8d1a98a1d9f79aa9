import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { expertise } from "#app/content/expertise.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/expertise";

/** The page's words as staff published them (decision 069); its address and its button's target stay in the code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await siteContentFor(request, context, "expertise") };
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData && seo({ ...loaderData.page.seo, path: expertise.path });

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <InfoPage content={{ ...page, callToAction: { ...page.callToAction, to: expertise.callToAction!.to } }} />;
}
