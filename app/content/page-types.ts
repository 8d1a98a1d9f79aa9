import type { InfoPageWords } from "#contracts/site-content.ts";

/** Shapes shared by the content of the information pages. */
export interface PageSeoCopy {
  title: string;
  description: string;
  keywords: readonly string[];
}

export interface ContentCard {
  title: string;
  text: string;
  meta?: string;
  points?: readonly string[];
}

export interface ContentSection {
  id: string;
  title: string;
  intro?: string;
  cards?: readonly ContentCard[];
  /** Headline figures, each shown large above what it counts. */
  figures?: readonly { value: string; label: string }[];
  points?: readonly string[];
  code?: { label: string; text: string };
  links?: readonly { label: string; to: string }[];
}

export interface InfoPageContent {
  path: string;
  seo: PageSeoCopy;
  eyebrow: string;
  title: string;
  intro: string;
  sections: readonly ContentSection[];
  callToAction?: { title: string; text: string; label: string; to: string };
}

/**
 * An information page's words as staff edit them (decision 069): every part present, an empty one as
 * empty words or an empty list, and without the addresses, which stay in the code.
 */
export function editableInfoPage({ seo, eyebrow, title, intro, sections, callToAction }: InfoPageContent): InfoPageWords {
  if (!callToAction) throw new Error(`The page "${title}" has no closing box to edit.`);
  return {
    seo: { title: seo.title, description: seo.description, keywords: [...seo.keywords] },
    eyebrow,
    title,
    intro,
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      intro: section.intro ?? "",
      cards: (section.cards ?? []).map((card) => ({ meta: card.meta ?? "", title: card.title, text: card.text, points: [...(card.points ?? [])] })),
      figures: (section.figures ?? []).map((figure) => ({ ...figure })),
      points: [...(section.points ?? [])],
    })),
    callToAction: { title: callToAction.title, text: callToAction.text, label: callToAction.label },
  };
}
