import { useLocation } from "react-router";
import { TopicServicePage } from "#app/components/marketing/services/TopicServicePage.tsx";
import { topicServicePages } from "#app/content/services.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/services.topic";

// One module serves /services/ai, /cloud, /cybersecurity and /data-science (see routes.ts); the path picks the content.
const pageAt = (pathname: string) => {
  const page = topicServicePages[pathname.replace(/\/$/, "")];
  if (!page) throw new Error(`No service page for ${pathname}`);
  return page;
};

export const meta = ({ location }: Route.MetaArgs) => {
  const page = pageAt(location.pathname);
  return seo({ title: page.title, description: page.description, keywords: page.keywords, path: page.path });
};

export default function TopicService() {
  const page = pageAt(useLocation().pathname);
  return <TopicServicePage eyebrow={page.eyebrow} title={page.title} subtitle={page.subtitle} topics={page.topics} />;
}
