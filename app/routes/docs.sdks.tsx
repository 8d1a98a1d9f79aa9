import { InfoPage } from "~/components/pages/InfoPage";
import { DocsNav } from "~/components/pages/DocsNav";
import { sdks } from "~/content/docs";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...sdks.seo, path: sdks.path });

export default function Page() {
  return <InfoPage content={sdks} aside={<DocsNav />} />;
}
