import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { DocsNav } from "#app/components/pages/DocsNav.tsx";
import { apiGuides } from "#app/content/docs.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...apiGuides.seo, path: apiGuides.path });

export default function Page() {
  return <InfoPage content={apiGuides} aside={<DocsNav />} />;
}
