import { InfoPage } from "~/components/pages/InfoPage";
import { partners } from "~/content/partners";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...partners.seo, path: partners.path });

export default function Page() {
  return <InfoPage content={partners} />;
}
