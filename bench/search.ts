/**
 * Site search and the assistant at size: the site's own pages and jobs plus 10,000 extra blog posts,
 * indexed the way the server indexes them (its catch-up at start), then searched and asked through
 * the API (`app.inject`), so the route, its validation and the answer's serialisation are in the
 * figure. Budgets: search p99 ≤ 25 ms, the assistant p99 ≤ 50 ms, on both databases.
 * Run alone with `npx tsx bench/search.ts` (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { sql } from "drizzle-orm";
import { ctaBlock } from "#app/content/contact.ts";
import { queryRows, type Database } from "../server/db/client";
import { onFreshDatabase, printScenarios, runAlone, timeRequests, withBenchApp, type TimedScenario } from "./at-size";

export const SEARCH_BUDGET_MS = 25;
export const ASSISTANT_BUDGET_MS = 50;
const POSTS = 10_000;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const WARM_UP = 20;

/** Common words first: a paragraph draws from the start of the list far more often than from its end. */
const WORDS = (
  "the and to of a in we our for with is that on your it data team cloud security software model users app api service platform " +
  "customers build production release sprint testing design performance infrastructure deployment monitoring pipeline database " +
  "analytics dashboard mobile react kubernetes serverless migration backup encryption compliance audit penetration firewall " +
  "forecasting machine learning training inference latency cost budget invoice payments khalti esewa nepali kathmandu pokhara " +
  "trekking tourism hospital clinic school agriculture farmers weather monsoon himalaya glacier hydropower telecom banking " +
  "microservices observability tracing alerting postgres redis caching queue scheduler terraform ansible docker containers " +
  "accessibility localisation translation devanagari unicode typography onboarding retention churn experiment hypothesis"
).split(" ");

/** The value at an index of a list (wrapping round), as SQL: the list is the bench's own constant. */
const pick = (values: readonly string[], index: string) =>
  sql.raw(`(array[${values.map((value) => `'${value}'`).join(", ")}]::text[])[1 + (${index}) % ${values.length}]`);
/** A run of words drawn with a skew (the square of a spread fraction) towards the common ones. */
const words = (seed: string, count: string) =>
  sql`(select string_agg(${pick(WORDS, `floor(power(((${seed} * 7919 + i * 104729) % 10007) / 10007.0, 2) * ${WORDS.length})::int`)}, ' ') from generate_series(1, ${sql.raw(count)}) as i)`;

/** 10,000 posts of four to seven paragraphs under two section headings, written set-based. */
export async function seedPostsForBench(db: Database) {
  await db.execute(sql`
    insert into posts (title, excerpt, content, read_time_minutes, featured, author, published_at, updated_at)
    select initcap(${words("g", "4 + g % 5")}), left(${words("g + 1", "18")}, 300),
      ${words("g + 2", "40 + g % 30")} || E'\\n\\n## ' || initcap(${words("g + 3", "3")}) || E'\\n\\n' || ${words("g + 4", "50 + g % 40")} || E'\\n\\n' ||
      ${words("g + 5", "35 + g % 20")} || E'\\n\\n## ' || initcap(${words("g + 6", "2")}) || E'\\n\\n' || ${words("g + 7", "60")},
      5, false, 'Bench Author', now() - g * interval '1 hour', now() - g * interval '1 hour'
    from generate_series(1, ${POSTS}) as g`);
}

export interface Scenario extends TimedScenario {
  matched: number;
  budget: number;
}

export interface SearchBench {
  database: "pglite" | "postgres";
  documents: number;
  passages: number;
  indexSeconds: number;
  scenarios: Scenario[];
}

/** Seeds and indexes a fresh, migrated database, then times searches and questions on it. */
export const benchSearch = (options: { dataDir: string; databaseUrl?: string }): Promise<SearchBench> =>
  withBenchApp(options, async (app, database) => {
    await seedPostsForBench(database.db);
    const started = performance.now();
    await app.services.search.syncAll();
    // Planner statistics: autovacuum on PostgreSQL, the server's own ANALYZE at start and every six hours on PGlite (server/db/statistics.ts).
    await database.db.execute(sql`vacuum analyze search_documents, search_passages, search_words`);
    const indexSeconds = Math.round((performance.now() - started) / 100) / 10;
    const [sizes] = await queryRows<{ documents: number; passages: number }>(
      database.db,
      sql`select (select count(*)::int from search_documents) as documents, (select count(*)::int from search_passages) as passages`,
    );

    const searches: [string, string][] = [
      ["search: a page's word", "/api/search/?q=pricing"],
      ["search: a rare word", "/api/search/?q=devanagari"],
      ["search: a common word", "/api/search/?q=cloud"],
      ["search: a common word, page 3", "/api/search/?q=cloud&page=3"],
      ["search: two words", "/api/search/?q=kubernetes%20monitoring"],
      ["search: a misspelling", "/api/search/?q=cybersecurty"],
      ["instant: a word being typed", "/api/search/?q=kuber&instant=1"],
      ["instant: two words, the second being typed", "/api/search/?q=cloud%20secu&instant=1"],
      ["search: nothing matches (a miss is counted)", "/api/search/?q=zzyzx%20qqqq"],
    ];
    const questions: [string, string][] = [
      ...ctaBlock.aiAssistant.questions.map((question): [string, string] => [`assistant: ${question}`, question]),
      ["assistant: a typed question", "Do you work with kubernetes?"],
      ["assistant: nothing matches", "purple elephant quantum banana"],
    ];
    const scenarios: Scenario[] = [];
    const time = async (name: string, budget: number, request: Parameters<typeof timeRequests>[1], read: (body: unknown) => number) => {
      const { read: matched, ...timing } = await timeRequests({ name, runs: RUNS, warmUp: WARM_UP, read }, request);
      scenarios.push({ name, matched, ...timing, budget, pass: timing.p99 <= budget });
    };
    for (const [name, url] of searches)
      await time(
        name,
        SEARCH_BUDGET_MS,
        () => app.inject({ url }),
        (body) => (body as { total: number }).total,
      );
    for (const [name, question] of questions)
      await time(
        name,
        ASSISTANT_BUDGET_MS,
        () => app.inject({ method: "POST", url: "/api/assistant/", payload: { question } }),
        (body) => (body as { sources: unknown[] }).sources.length,
      );
    return { database: database.kind, documents: sizes!.documents, passages: sizes!.passages, indexSeconds, scenarios };
  });

export const benchSearchPglite = () => onFreshDatabase("search", undefined, benchSearch);
export const benchSearchPostgres = (serverUrl: string) => onFreshDatabase("search", serverUrl, benchSearch);

export const printSearch = (run: SearchBench) =>
  printScenarios(
    `${run.database}: search over ${run.documents.toLocaleString("en-US")} documents and ${run.passages.toLocaleString("en-US")} passages ` +
      `(${POSTS.toLocaleString("en-US")} extra posts, indexed in ${run.indexSeconds} s), ${RUNS} requests each through the API after ${WARM_UP} to warm up; ` +
      `budgets p99 ≤ ${SEARCH_BUDGET_MS} ms (search), ≤ ${ASSISTANT_BUDGET_MS} ms (assistant)`,
    { column: "matched / sources", field: "matched" },
    run.scenarios,
  );

await runAlone(import.meta.url, { pglite: benchSearchPglite, postgres: benchSearchPostgres, print: printSearch });
