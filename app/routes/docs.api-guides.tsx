import { InfoPage } from "~/components/pages/InfoPage";
import { DocsNav } from "~/components/pages/DocsNav";
import { apiGuides } from "~/content/docs";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...apiGuides.seo, path: apiGuides.path });

export default function Page() {
  return <InfoPage content={apiGuides} aside={<DocsNav />} />;
}
