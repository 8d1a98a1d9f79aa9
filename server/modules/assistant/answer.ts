import { applicationPage, careersPage } from "#app/content/careers.ts";
import type { AssistantSource } from "#contracts/assistant.ts";
import type { Job } from "#contracts/careers.ts";
import { wordsOf, type Concept } from "../search/query";
import { asksFor, coverageOf, EVERYDAY_WORD_SHARE, PLAIN_WORD_SHARE, sharesOf, type ReadConcepts, type ScoredPassage } from "../search/retrieval";
import { JOB_WORDS } from "../search/thesaurus";

/** A passage shorter than this (a byline, a figure's caption) says too little to answer with. */
const ANSWER_TEXT_MIN = 40;
/** The longest extract of one passage, cut at a sentence. */
const EXTRACT_MAX = 420;

/**
 * When the assistant is sure enough to answer (decisions 058 and 062), calibrated on the development half of
 * `bench/eval/visitor-questions.json` with `npm run eval -- --calibrate`.
 */
export interface AnswerPolicy {
  /** The share of the question's weight the best passage must hold: a question about something the site never mentions weighs mostly on that. */
  coverageMin: number;
  /** A passage from another page joins the answer when it holds as much of the question and scores at least this share of the best. */
  secondShare: number;
  /** How much of its weight a word the thesaurus does not know counts in a question's coverage. */
  plainShare: number;
  /** And an everyday English word the thesaurus does not know. */
  everydayShare: number;
  /** The most pages an answer cites. */
  sources: number;
  /**
   * A concept weighing at least this share of the question's weightiest one is what the question is
   * about: the passage answering must hold each of them, however much else of the question it holds.
   */
  keyShare: number;
  /**
   * The best passage's score over the best of another page's, at least: when another page's passage
   * scores clearly higher on less of the question, the two disagree about what was asked.
   */
  leadMin: number;
}

export const ANSWER_POLICY: AnswerPolicy = {
  coverageMin: 0.75,
  secondShare: 0.7,
  plainShare: PLAIN_WORD_SHARE,
  everydayShare: EVERYDAY_WORD_SHARE,
  sources: 2,
  keyShare: 0.8,
  leadMin: 0.9,
};

/** Whether two words are one word in another form, as far as their first five letters tell ("fees", "fee"; "months", "month"). */
const sameWord = (a: string, b: string) => (a.length >= 5 && b.length >= 5 ? a.slice(0, 5) === b.slice(0, 5) : a.startsWith(b) || b.startsWith(a));

/** Whether words hold a concept: every word of one of its alternatives, in any form. */
const holds = (words: string[], concept: Concept) => concept.alternatives.some((phrase) => phrase.every((word) => words.some((held) => sameWord(held, word))));

/** How many of the question's concepts a sentence holds, any alternative of each. */
function conceptsIn(sentence: string, concepts: Concept[]): number {
  const words = wordsOf(sentence);
  return concepts.filter((concept) => holds(words, concept)).length;
}

/**
 * A passage's text short enough to read at a glance: all of it when it fits, else its first sentence
 * and, in their order, the sentences that hold most of the question, as many as fit.
 */
function extract(text: string, concepts: Concept[]): string {
  if (text.length <= EXTRACT_MAX) return text;
  const sentences = text.split(/(?<=[.;!?])\s+/);
  const ranked = sentences
    .map((sentence, index) => ({ index, held: index === 0 ? Number.POSITIVE_INFINITY : conceptsIn(sentence, concepts) }))
    .sort((a, b) => b.held - a.held || a.index - b.index);
  const kept = new Set<number>();
  let length = 0;
  for (const { index } of ranked) {
    if (length + sentences[index]!.length > EXTRACT_MAX && kept.size > 0) continue;
    kept.add(index);
    length += sentences[index]!.length + 1;
  }
  const parts: string[] = [];
  sentences.forEach((sentence, index) => {
    if (!kept.has(index)) return;
    if (index > 0 && !kept.has(index - 1)) parts.push("…");
    parts.push(sentence);
  });
  if (!kept.has(sentences.length - 1)) parts.push("…");
  return parts.join(" ").slice(0, EXTRACT_MAX + 200);
}

const said = (passage: ScoredPassage, concepts: Concept[]) =>
  passage.heading.endsWith("?") ? extract(passage.text, concepts) : `${passage.heading}: ${extract(passage.text, concepts)}`;

/** The passage holding most of the question, and of those holding as much the better scored. */
const bestOf = (passages: ScoredPassage[]) =>
  passages.reduce<ScoredPassage | undefined>(
    (held, passage) =>
      !held || passage.coverage > held.coverage + 1e-9 || (Math.abs(passage.coverage - held.coverage) <= 1e-9 && passage.score > held.score) ? passage : held,
    undefined,
  );

/** The share of the question a passage's own heading holds, of the concepts its page's title does not already name. */
function headingShare(passage: ScoredPassage, concepts: Concept[], shares: number[]): number {
  const title = wordsOf(passage.title);
  const heading = wordsOf(passage.heading);
  return concepts.reduce((held, concept, index) => (!holds(title, concept) && holds(heading, concept) ? held + shares[index]! : held), 0);
}

/**
 * The page's section headed with what was asked, when the best passage holds it only in passing: a
 * page's opening names its sections ("Authentication; List users; …"), so it holds the question's words
 * and outscores the section that answers.
 */
function namedSection(best: ScoredPassage, usable: ScoredPassage[], concepts: Concept[], shares: number[], coverageMin: number): ScoredPassage {
  const named = usable
    .filter((passage) => passage.url === best.url && passage.coverage >= coverageMin)
    .map((passage) => ({ passage, share: headingShare(passage, concepts, shares) }))
    .reduce((top, next) => (next.share > top.share + 1e-9 ? next : top), { passage: best, share: headingShare(best, concepts, shares) });
  return named.passage;
}

/**
 * The passages an answer is made of, or none when the assistant is not sure: the passage holding most of
 * the question (the better scored of those holding as much), and up to `sources - 1` from other pages
 * that hold as much and score nearly as well, so a visitor sees each page that says it. A passage said
 * word for word on two pages (an FAQ entry) counts once.
 */
export function choosePassages(
  passages: ScoredPassage[],
  read: Pick<ReadConcepts, "concepts" | "weights">,
  policy: AnswerPolicy = ANSWER_POLICY,
): ScoredPassage[] {
  const shares = sharesOf(read.concepts, read.weights, policy.plainShare, policy.everydayShare);
  const heaviest = Math.max(0, ...shares);
  const keys = shares.flatMap((share, index) => (share >= heaviest * policy.keyShare - 1e-9 ? [index] : []));
  // A job's opening answers a question about jobs, not about the service it works in ("CI/CD pipeline setup").
  const jobs = asksFor(read.concepts, JOB_WORDS);
  const answering = passages.filter((passage) => passage.text.length >= ANSWER_TEXT_MIN && (jobs || passage.kind !== "job"));
  const usable = answering
    .filter((passage) => keys.every((index) => passage.held[index] === 1))
    .map((passage) => ({ ...passage, coverage: coverageOf(passage.held, shares) }));
  const best = bestOf(usable);
  if (!best || best.coverage < policy.coverageMin) return [];
  const rival = Math.max(0, ...answering.filter((passage) => passage.url !== best.url && passage.text !== best.text).map((passage) => passage.score));
  if (best.score < rival * policy.leadMin) return [];
  const chosen = [namedSection(best, usable, read.concepts, shares, policy.coverageMin)];
  for (const passage of usable) {
    if (chosen.length >= policy.sources) break;
    if (chosen.some((held) => held.url === passage.url || held.text === passage.text)) continue;
    if (passage.coverage >= best.coverage - 1e-9 && passage.score >= best.score * policy.secondShare) chosen.push(passage);
  }
  return chosen;
}

/** The pages passages come from, each once. */
export const sourcesOf = (passages: ScoredPassage[]): AssistantSource[] => [
  ...new Map(passages.map((passage) => [passage.url, { title: passage.title, url: passage.url }])).values(),
];

/** An answer in the site's own words: each chosen passage's extract, with the pages to read on. */
export function composeAnswer(chosen: ScoredPassage[], concepts: Concept[]): { answer: string; sources: AssistantSource[] } {
  return { answer: chosen.map((passage) => said(passage, concepts)).join("\n\n"), sources: sourcesOf(chosen) };
}

/** A passage that completes an answer holds at least this share of the question besides what the answer lacks. */
const REST_COVERAGE_MIN = 0.5;

/**
 * The chosen passages and, after the first, the passage of its page that holds what none of them does
 * ("WhatsApp or Discord?": the contact page's Discord section beside its phone and WhatsApp one), when one
 * holds enough of the question.
 */
function withRestOfQuestion(
  chosen: ScoredPassage[],
  passages: ScoredPassage[],
  read: Pick<ReadConcepts, "concepts" | "weights">,
  policy: AnswerPolicy,
): ScoredPassage[] {
  const [first, ...others] = chosen;
  const missing = read.concepts.flatMap((_, index) => (chosen.some((passage) => passage.held[index] === 1) ? [] : [index]));
  if (!first || missing.length === 0) return chosen;
  const shares = sharesOf(read.concepts, read.weights, policy.plainShare, policy.everydayShare);
  const rest = passages
    .filter((passage) => passage.url === first.url && passage.text !== first.text && passage.text.length >= ANSWER_TEXT_MIN)
    .filter((passage) => missing.some((index) => passage.held[index] === 1) && coverageOf(passage.held, shares) >= REST_COVERAGE_MIN)
    .reduce<ScoredPassage | undefined>((top, passage) => (!top || passage.score > top.score ? passage : top), undefined);
  return rest ? [first, rest, ...others] : chosen;
}

/** Words that ask for an amount, a length of time or how often ("how many employees", "how long until you reply"). */
const ASKS_AMOUNT = /\bhow (much|many|long|often)\b/i;
/** Words that ask for a moment ("when will it be fixed?"), not a "when" that sets a scene ("when I book a call, …"). */
const ASKS_MOMENT = /\bwhen (will|is|are|do|does|did|can|could|would|should)\b/i;
/** What states an amount, a length of time or a rate: a figure, a number in words, a unit of time. */
const AMOUNT =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|thousand|dozen|once|twice|hourly|daily|weekly|monthly|yearly|annually|minutes?|hours?|days?|weeks?|months?|years?)\b/i;
/** What states a moment: a figure (a date, an hour), a day or month by name, or when relative to something else. */
const MOMENT =
  /\d|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|daily|weekly|monthly|today|tomorrow|immediately|within|after|before|once)\b/i;

/** Words that ask for a share ("what percent off is the startup discount?"), which pages write as "20%". */
const ASKS_SHARE = /\b(percent|percentage|per cent)\b/i;
const SHARE = /%|\bper ?cent\b/i;

/**
 * Words that ask what something costs or pays ("how much do you charge per hour?", "what does a pentest cost?",
 * "hourly rate for a developer?"): a figure alone does not answer them ("in your working hours", "2-week sprints").
 */
const ASKS_MONEY =
  /\bhow much\b[^.?!]*\b(cost|costs|charge|charges|charged|pay|pays|paid|price|prices|priced|fee|fees|salary|salaries|earn|earns)\b|\b(hourly|daily) rates?\b|\brates? (per|an|a) (hour|day)\b|\b(price|cost) of\b|\bwhat (does|do|would|will|did) [^.?!]{0,40}\bcost\b|\bhow expensive\b|\b(salary|pay|price|budget) (range|ranges|band|bands)\b/i;
/**
 * What states a sum: a currency beside a figure ("$10,000", "NPR 220,000"), or a share off a price or of a sum
 * ("20% off", "10% of the revenue"), not any share ("98% on-time delivery").
 */
const MONEY = /[$€£₹]\s?\d|\b(npr|usd|eur|gbp|inr|rs\.?)\s?\d|\d[\d,.]*\s?(npr|usd|eur|dollars?|rupees?)\b|\d\s?%\s?(off|discount|of)\b/i;

/** Words that ask for a name ("what's the name of your DPO?", "who runs the company?"). */
const ASKS_NAME = /\bname of\b|\bwho (is|are|runs|leads|founded|started)\b/i;
/** A name, or at least a word written as one: capitalised, and not the first of a sentence. */
const NAME = /(?<![.!?:]\s*|^)(?<=\s)\p{Lu}[\p{L}\p{N}]+/mu;
/** Whether one of an answer's extracts, past the heading it is said under, holds a name (decision 100). */
const namesSomeone = (answer: string) => answer.split("\n\n").some((extract) => NAME.test(extract.replace(/^[^:]*:\s*/, "")));

/**
 * Whether an answer states the kind of fact its question asks for: a passage holding every word of "how
 * many employees does HimalTech have" but no number does not answer it, nor one without a time "when will
 * the outage be fixed" nor one without a share "what percent off" (decision 098), nor one naming nobody "what's
 * the name of your DPO?" (decision 100), nor one without a sum "how much do you charge per hour?" (decision 102).
 */
export function statesWhatIsAsked(question: string, answer: string): boolean {
  if (ASKS_NAME.test(question) && !namesSomeone(answer)) return false;
  if (ASKS_AMOUNT.test(question) && !AMOUNT.test(answer)) return false;
  if (ASKS_MOMENT.test(question) && !MOMENT.test(answer)) return false;
  if (ASKS_SHARE.test(question) && !SHARE.test(answer)) return false;
  if (ASKS_MONEY.test(question) && !MONEY.test(answer)) return false;
  return true;
}

/** The site's own answer to a question from its passages, or null when the assistant is not sure of one. */
export function extractiveAnswer(
  question: string,
  passages: ScoredPassage[],
  read: Pick<ReadConcepts, "concepts" | "weights">,
  policy: AnswerPolicy = ANSWER_POLICY,
): { answer: string; sources: AssistantSource[] } | null {
  const chosen = choosePassages(passages, read, policy);
  if (chosen.length === 0) return null;
  const answered = composeAnswer(chosen, read.concepts);
  // The fact asked for is looked for in what answers the question, not in a passage that completes it.
  if (!statesWhatIsAsked(question, answered.answer)) return null;
  const completed = withRestOfQuestion(chosen, passages, read, policy);
  return completed === chosen ? answered : composeAnswer(completed, read.concepts);
}

/** Words a question about which jobs are open may hold besides the careers group's ("what positions are open"). */
const OPENINGS_ONLY = new Set(["open", "available", "vacant", "current", "new", "latest", "list"]);

/**
 * Whether a question asks which jobs are open ("careers", "are you hiring?", "what positions are open"),
 * rather than about one of them, their pay or how to apply: the openings themselves answer it.
 */
export function asksForOpenings(concepts: Concept[]): boolean {
  const careers = (concept: Concept) => concept.alternatives.some((phrase) => phrase.join(" ") === "jobs");
  return concepts.some(careers) && concepts.every((concept) => careers(concept) || OPENINGS_ONLY.has(concept.text.toLowerCase()));
}

/** The open jobs as the careers page lists them, each with its team, place and pay, and the general application for everyone else. */
export function openingsAnswer(jobs: Job[]): { answer: string; sources: AssistantSource[] } {
  const listed = jobs.map((job) => `${job.title} (${job.type}, ${job.department} team, ${job.location}${job.salary ? `, ${job.salary}` : ""})`);
  const general = `${applicationPage.general.title}: ${applicationPage.general.description}`;
  return {
    answer:
      listed.length > 0 ? `${careersPage.openings}: ${listed.join("; ")}. ${careersPage.general.heading} ${general}` : `${careersPage.empty[0]} ${general}`,
    sources: [
      { title: "Careers", url: "/careers" },
      { title: applicationPage.general.title, url: "/careers/apply/general" },
    ],
  };
}
