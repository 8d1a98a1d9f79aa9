import { InfoPage } from "~/components/pages/InfoPage";
import { success } from "~/content/success";
import { seo } from "~/lib/seo";

export const meta = () => seo({ ...success.seo, path: success.path });

export default function Page() {
  return <InfoPage content={success} />;
}
