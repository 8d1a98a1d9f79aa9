import { InfoPage } from "~/components/pages/InfoPage";
import { DocsNav } from "~/components/pages/DocsNav";
import { gettingStarted } from "~/content/docs";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...gettingStarted.seo, path: gettingStarted.path });

export default function Page() {
  return <InfoPage content={gettingStarted} aside={<DocsNav />} />;
}
