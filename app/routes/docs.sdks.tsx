import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { DocsNav } from "#app/components/pages/DocsNav.tsx";
import { sdks } from "#app/content/docs.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...sdks.seo, path: sdks.path });

export default function Page() {
  return <InfoPage content={sdks} aside={<DocsNav />} />;
}
