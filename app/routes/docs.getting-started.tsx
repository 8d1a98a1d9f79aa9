import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { DocsNav } from "#app/components/pages/DocsNav.tsx";
import { gettingStarted } from "#app/content/docs.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...gettingStarted.seo, path: gettingStarted.path });

export default function Page() {
  return <InfoPage content={gettingStarted} aside={<DocsNav />} />;
}
