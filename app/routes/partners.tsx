import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { partners } from "#app/content/partners.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...partners.seo, path: partners.path });

export default function Page() {
  return <InfoPage content={partners} />;
}
