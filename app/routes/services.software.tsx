import { SoftwareIllustration } from "~/components/marketing/services/SoftwareIllustration";
import { TopicServicePage } from "~/components/marketing/services/TopicServicePage";
import { softwareService as page, type SoftwareCard } from "~/content/services";
import { seo } from "~/lib/seo";

export const meta = () => seo({ title: page.title, description: page.description, keywords: page.keywords, path: page.path });

export default function SoftwareService() {
  return (
    <TopicServicePage
      eyebrow={page.eyebrow}
      title={page.title}
      subtitle={page.subtitle}
      topics={page.cards}
      illustration={(card) => <SoftwareIllustration id={card.id as SoftwareCard["id"]} />}
    />
  );
}
