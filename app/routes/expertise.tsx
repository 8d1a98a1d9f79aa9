import { InfoPage } from "~/components/pages/InfoPage";
import { expertise } from "~/content/expertise";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...expertise.seo, path: expertise.path });

export default function Page() {
  return <InfoPage content={expertise} />;
}
