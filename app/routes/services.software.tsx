import { SoftwareIllustration } from "#app/components/marketing/services/SoftwareIllustration.tsx";
import { TopicServicePage } from "#app/components/marketing/services/TopicServicePage.tsx";
import { SERVICE_PAGES } from "#contracts/site-content-forms.ts";
import { siteContentFor } from "#app/lib/site-content.server.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/services.software";

/** The page's words as staff published them (decision 069). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await siteContentFor(request, context, "service-software") };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData &&
  seo({ title: loaderData.page.title, description: loaderData.page.description, keywords: loaderData.page.keywords, path: SERVICE_PAGES["service-software"] });

export default function SoftwareService({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <TopicServicePage
      eyebrow={page.eyebrow}
      title={page.title}
      subtitle={page.subtitle}
      topics={page.topics}
      illustration={(topic) => <SoftwareIllustration id={topic.id} />}
    />
  );
}
