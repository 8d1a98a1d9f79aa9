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
