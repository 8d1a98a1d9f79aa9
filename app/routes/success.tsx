import { InfoPage } from "#app/components/pages/InfoPage.tsx";
import { success } from "#app/content/success.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...success.seo, path: success.path });

export default function Page() {
  return <InfoPage content={success} />;
}
