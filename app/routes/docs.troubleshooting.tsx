import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { DocsNav } from "#app/components/pages/DocsNav.tsx";
import { troubleshooting } from "#app/content/docs.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...troubleshooting.seo, path: troubleshooting.path });

export default function Page() {
  return <InfoPage content={troubleshooting} aside={<DocsNav />} />;
}
