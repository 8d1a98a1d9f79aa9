import { TopicServicePage } from "#app/components/marketing/services/TopicServicePage.tsx";
import { SERVICE_PAGES, type ServiceContentType } from "#contracts/site-content-forms.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/services.topic";

/** One module serves /services/ai, /cloud, /cybersecurity and /data-science (see routes.ts); the path picks the content. */
const typeAt = (pathname: string): ServiceContentType => {
  const found = Object.entries(SERVICE_PAGES).find(([, path]) => path === pathname.replace(/\/$/, ""));
  if (!found) throw new Error(`No service page for ${pathname}`);
  return found[0] as ServiceContentType;
};

/** The page's words as staff published them (decision 069). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const type = typeAt(new URL(request.url).pathname);
  return { page: await siteContentFor(request, context, type), path: SERVICE_PAGES[type] };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData && seo({ title: loaderData.page.title, description: loaderData.page.description, keywords: loaderData.page.keywords, path: loaderData.path });

export default function TopicService({ loaderData: { page } }: Route.ComponentProps) {
  return <TopicServicePage eyebrow={page.eyebrow} title={page.title} subtitle={page.subtitle} topics={page.topics} />;
}
