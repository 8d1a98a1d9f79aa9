import { InfoPage } from "~/components/pages/InfoPage";
import { DocsNav } from "~/components/pages/DocsNav";
import { troubleshooting } from "~/content/docs";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...troubleshooting.seo, path: troubleshooting.path });

export default function Page() {
  return <InfoPage content={troubleshooting} aside={<DocsNav />} />;
}
