import { SoftwareIllustration } from "#app/components/marketing/services/SoftwareIllustration.tsx";
import { TopicServicePage } from "#app/components/marketing/services/TopicServicePage.tsx";
import { softwareService as page, type SoftwareCard } from "#app/content/services.ts";
import { seo } from "#app/lib/seo.ts";

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
