/**
 * `npm run eval`: how well search and the assistant understand visitors, on the question set in
 * `visitor-questions.json` (written from the visitor's side, from the specification alone). The site
 * runs on a fresh embedded database with its sample content, and every question goes through the API
 * (`GET /api/search/`, `POST /api/assistant/`) as a browser would send it.
 *
 * A question a page answers is answered correctly when the assistant answers it, cites one of its pages
 * and says every word it must; an answer that does not is wrong, which is worse than declining. A
 * question no page answers must be declined. Search is right when one of its pages is in its first three
 * results. Figures per split: tune on `dev`, report `test`; `heldout` is for judging, never for tuning,
 * so only its figures are printed, not its questions.
 *
 * `npx tsx bench/eval/run.ts --split dev --show` lists the questions of that split that fail.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { App } from "../../server/app";
import { ANSWER_POLICY, extractiveAnswer, type AnswerPolicy } from "../../server/modules/assistant/answer";
import { outOfScope } from "../../server/modules/assistant/scope";
import { seedSampleContent } from "../../server/seed";
import { onFreshDatabase, withBenchApp } from "../at-size";

export interface VisitorQuestion {
  id: string;
  split: "dev" | "test" | "heldout";
  q: string;
  kind: string;
  answerable: boolean;
  /** Pages that answer it: a result at one of them or under it (a job under `/careers`) is right. */
  pages: string[];
  /** Words the answer must hold, each as alternatives separated by `|`. */
  must: string[];
}

export interface Verdict {
  question: VisitorQuestion;
  search: string[];
  searchRight: boolean;
  answer: string;
  answered: boolean;
  sources: string[];
  assistant: "right" | "wrong" | "declined";
}

export interface SplitFigures {
  split: string;
  answerable: number;
  answeredRight: number;
  wrong: number;
  declinedAnswerable: number;
  unanswerable: number;
  unanswerableDeclined: number;
  searchRight: number;
}

const QUESTIONS_FILE = path.join(import.meta.dirname, "visitor-questions.json");

export const loadQuestions = (file = QUESTIONS_FILE): VisitorQuestion[] =>
  (JSON.parse(readFileSync(file, "utf8")) as { questions: VisitorQuestion[] }).questions;

const pathOf = (url: string) => new URL(url, "http://site").pathname.replace(/\/$/, "") || "/";
/** A result answers for a page when it is that page or one under it (a post under `/blog`, a job under `/careers`). */
const atPage = (url: string, pages: string[]) => pages.some((page) => pathOf(url) === page || (page !== "/" && pathOf(url).startsWith(`${page}/`)));
/** Lower case and without accents, so "resume" is said by "résumé". */
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const says = (answer: string, alternatives: string) => alternatives.split("|").some((word) => plain(answer).includes(plain(word)));

/** An assistant's reply to a question: declined, or answered right (a right page cited, every word it must say said), or wrong. */
export function judge(question: VisitorQuestion, reply: { answered: boolean; answer: string; sources: string[] }): Verdict["assistant"] {
  if (!reply.answered) return "declined";
  const right = question.answerable && reply.sources.some((url) => atPage(url, question.pages)) && question.must.every((must) => says(reply.answer, must));
  return right ? "right" : "wrong";
}

/** Asks every question of the set through the app's API. Each from its own address, so the per-visitor limits do not apply. */
export async function askAll(app: App, questions: VisitorQuestion[]): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const [index, question] of questions.entries()) {
    const remoteAddress = `10.9.${index >> 8}.${index & 255}`;
    const searched = await app.inject({ method: "GET", url: `/api/search/?q=${encodeURIComponent(question.q)}`, remoteAddress });
    const asked = await app.inject({ method: "POST", url: "/api/assistant/", payload: { question: question.q }, remoteAddress });
    if (searched.statusCode !== 200 || asked.statusCode !== 200) throw new Error(`${question.id} answered ${searched.statusCode} / ${asked.statusCode}`);
    const results = (searched.json() as { results: { url: string }[] }).results.map((result) => result.url);
    const reply = asked.json() as { answer: string; answered: boolean; sources: { url: string }[] };
    const sources = reply.sources.map((source) => source.url);
    verdicts.push({
      question,
      search: results.slice(0, 3),
      searchRight: question.answerable && results.slice(0, 3).some((url) => atPage(url, question.pages)),
      answer: reply.answer,
      answered: reply.answered,
      sources,
      assistant: judge(question, { ...reply, sources }),
    });
  }
  return verdicts;
}

export function figuresOf(split: string, verdicts: Verdict[]): SplitFigures {
  const answerable = verdicts.filter((verdict) => verdict.question.answerable);
  const unanswerable = verdicts.filter((verdict) => !verdict.question.answerable);
  return {
    split,
    answerable: answerable.length,
    answeredRight: answerable.filter((verdict) => verdict.assistant === "right").length,
    wrong: verdicts.filter((verdict) => verdict.assistant === "wrong").length,
    declinedAnswerable: answerable.filter((verdict) => verdict.assistant === "declined").length,
    unanswerable: unanswerable.length,
    unanswerableDeclined: unanswerable.filter((verdict) => verdict.assistant === "declined").length,
    searchRight: answerable.filter((verdict) => verdict.searchRight).length,
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 1000) / 10} %`);

export function printFigures(figures: SplitFigures[]) {
  console.log("\nSearch and the assistant on visitors' questions (bench/eval/visitor-questions.json)");
  console.table(
    figures.map((row) => ({
      split: row.split,
      "answered right": `${row.answeredRight}/${row.answerable} (${percent(row.answeredRight, row.answerable)})`,
      wrong: row.wrong,
      "declined, answerable": row.declinedAnswerable,
      "unanswerable declined": `${row.unanswerableDeclined}/${row.unanswerable}`,
      "search top 3": `${row.searchRight}/${row.answerable} (${percent(row.searchRight, row.answerable)})`,
    })),
  );
}

/** The site with its sample content on a fresh embedded database, and every question asked of it. */
export async function evaluate(questions = loadQuestions()): Promise<Verdict[]> {
  return onFreshDatabase("eval", undefined, (options) =>
    withBenchApp(options, async (app) => {
      await seedSampleContent(app.services, app.log);
      await app.services.search.syncAll();
      return askAll(app, questions);
    }),
  );
}

type GridSettings = Omit<AnswerPolicy, "sources">;

/** The values tried for each setting of the answer policy; a key share past 1 asks for no key concept. */
const POLICY_GRID: { [K in keyof GridSettings]: number[] } = {
  coverageMin: [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9],
  secondShare: [0.7, 0.8],
  plainShare: [0.25, 0.5, 0.75, 1],
  everydayShare: [0, 0.25, 0.5],
  keyShare: [0.6, 0.8, 2],
  leadMin: [0, 0.8, 0.9, 1],
};

/** Every combination of the grid's values. */
const policiesOf = (grid: typeof POLICY_GRID): GridSettings[] =>
  Object.entries(grid).reduce<GridSettings[]>(
    (policies, [setting, values]) => policies.flatMap((policy) => values.map((value) => ({ ...policy, [setting]: value }))),
    [{} as GridSettings],
  );

/**
 * The answer policy tried over a grid on the development questions alone: for each, how many it answers
 * right, answers wrong and declines wrongly. Wrong answers cost three times a wrong decline.
 */
async function calibrate() {
  const questions = loadQuestions().filter((question) => question.split === "dev");
  const candidates = await onFreshDatabase("calibrate", undefined, (options) =>
    withBenchApp(options, async (app) => {
      await seedSampleContent(app.services, app.log);
      await app.services.search.syncAll();
      return Promise.all(questions.map(async (question) => ({ question, ...(await app.services.search.passages(question.q, 30)) })));
    }),
  );
  const rows = policiesOf(POLICY_GRID).map((settings) => {
    const verdicts = candidates.map(({ question, read, passages }) => {
      const reply =
        outOfScope(question.q) || read.instructed ? null : extractiveAnswer(question.q, passages, read, { ...settings, sources: ANSWER_POLICY.sources });
      const sources = reply?.sources.map((source) => source.url) ?? [];
      return { question, verdict: judge(question, { answered: reply !== null, answer: reply?.answer ?? "", sources }) };
    });
    const right = verdicts.filter(({ question, verdict }) => (question.answerable ? verdict === "right" : verdict === "declined")).length;
    const wrong = verdicts.filter(({ verdict }) => verdict === "wrong").length;
    const missed = verdicts.filter(({ question, verdict }) => question.answerable && verdict === "declined").length;
    return {
      ...settings,
      keyShare: settings.keyShare > 1 ? "none" : settings.keyShare,
      right,
      wrong,
      "declined, answerable": missed,
      cost: wrong * 3 + missed,
    };
  });
  console.table(rows.sort((a, b) => a.cost - b.cost));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href && process.argv.includes("--calibrate")) await calibrate();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const show = process.argv.includes("--show") ? process.argv[process.argv.indexOf("--split") + 1] : undefined;
  if (show === "heldout") throw new Error("The held-out questions are for judging only: their failures are not listed.");
  const verdicts = await evaluate();
  const splits = ["dev", "test", "heldout"] as const;
  printFigures(
    splits.map((split) =>
      figuresOf(
        split,
        verdicts.filter((verdict) => verdict.question.split === split),
      ),
    ),
  );
  if (show)
    for (const verdict of verdicts.filter((candidate) => candidate.question.split === show)) {
      const searchWrong = verdict.question.answerable && !verdict.searchRight;
      const assistantWrong = verdict.question.answerable ? verdict.assistant !== "right" : verdict.assistant !== "declined";
      if (!searchWrong && !assistantWrong) continue;
      console.log(`\n${verdict.question.id} [${verdict.question.kind}] ${verdict.question.q}`);
      console.log(`  wants ${verdict.question.pages.join(" ") || "(declined)"} saying ${verdict.question.must.join(" & ")}`);
      if (searchWrong) console.log(`  search: ${verdict.search.join(" ") || "(nothing)"}`);
      if (assistantWrong) console.log(`  assistant ${verdict.assistant}: ${verdict.sources.join(" ")} ${verdict.answer.slice(0, 160).replace(/\n/g, " ")}`);
    }
}
