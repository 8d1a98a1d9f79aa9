import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { expertise } from "#app/content/expertise.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...expertise.seo, path: expertise.path });

export default function Page() {
  return <InfoPage content={expertise} />;
}
