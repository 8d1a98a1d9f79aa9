/**
 * The hiring pipeline at size: 10,000 applications across a dozen jobs, each with a résumé's text of a
 * few hundred words, then the recruiter's screens asked for through the API (`app.inject`, signed in):
 * the list, a search over names and résumés, and the board. Budget: p99 ≤ 100 ms, on both databases.
 * Run alone with `npx tsx bench/applications.ts` (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { sql } from "drizzle-orm";
import { signedInAdmin } from "../tests/helpers/admin";
import type { TestContext } from "../tests/helpers/app";
import { onFreshDatabase, printScenarios, runAlone, timeRequests, withBenchApp, type TimedScenario } from "./at-size";

export const APPLICATIONS_BUDGET_MS = 100;
const APPLICATIONS = 10_000;
const RUNS = Number(process.env.BENCH_APPLICATIONS_RUNS ?? 200);
const WARM_UP = 20;

const SKILLS = (
  "typescript react node postgres kubernetes terraform python pandas pytorch tensorflow rust go java spring kotlin swift figma " +
  "security penetration testing siem splunk aws azure gcp docker linux networking firewall analytics tableau powerbi excel sql " +
  "airflow spark kafka redis graphql rest microservices observability grafana prometheus devops ci cd agile scrum leadership"
).split(" ");

/** What a résumé says besides its skills. */
const PROSE = (
  "i am an engineer with years of experience in building delivering shipping maintaining systems for clients teams startups " +
  "companies banks hospitals schools in nepal india remote led mentored improved reduced increased designed wrote tested " +
  "deployed migrated owned projects products services platforms applications features reports dashboards pipelines models"
).split(" ");

export interface ApplicationsBench {
  database: "pglite" | "postgres";
  applications: number;
  scenarios: (TimedScenario & { rows: number })[];
}

export const benchApplications = (options: { dataDir: string; databaseUrl?: string }): Promise<ApplicationsBench> =>
  withBenchApp(options, async (app, database) => {
    const { db } = database;
    await db.execute(sql`
      insert into career_jobs (id, title, type, department, location, description, status, closes_at)
      select 'job-' || j, 'Engineer ' || j, 'Full-time', 'Engineering', 'Remote', 'Work.', 'open', null from generate_series(1, 12) as j`);
    const words = (list: string[], seed: string, count: number) =>
      sql.raw(
        `(select string_agg((array[${list.map((word) => `'${word}'`).join(", ")}])[1 + ((${seed}) * 7919 + i * 104729) % ${list.length}], ' ') from generate_series(1, ${count}) as i)`,
      );
    // A résumé: a few hundred words of prose around eight skills, so a skill is in about one résumé in eight.
    await db.execute(sql`
      insert into career_resumes (id, original_name, content_type, size, sha256, text, created_at)
      select md5('resume' || g)::uuid, 'cv.pdf', 'application/pdf', 1000, '0', ${words(PROSE, "g", 300)} || ' ' || ${words(SKILLS, "g * 13", 8)}, now() - g * interval '15 minutes'
      from generate_series(1, ${APPLICATIONS}) as g`);
    await db.execute(sql`
      insert into career_applications (id, job_id, job_title, name, email, cover_letter, resume_id, status, created_at)
      select md5('application' || g)::uuid, case when g % 13 = 0 then null else 'job-' || (1 + g % 12) end,
        case when g % 13 = 0 then null else 'Engineer ' || (1 + g % 12) end,
        'Candidate ' || g, 'candidate' || g || '@example.com', ${words(PROSE, "g + 1", 60)}, md5('resume' || g)::uuid,
        (array['new','screening','interview','offer','hired','rejected','withdrawn'])[1 + (g * 31) % 7], now() - g * interval '15 minutes'
      from generate_series(1, ${APPLICATIONS}) as g`);
    await db.execute(sql`analyze career_applications`);
    await db.execute(sql`analyze career_resumes`);

    const recruiter = await signedInAdmin({ app } as TestContext, "recruiter");
    const scenarios: ApplicationsBench["scenarios"] = [];
    for (const [name, url] of [
      ["list, newest first", "/api/admin/applications/"],
      ["list, one job and stage", "/api/admin/applications/?job=job-3&status=interview"],
      ["search, a résumé word", "/api/admin/applications/?q=kubernetes"],
      ["search, two words", "/api/admin/applications/?q=terraform%20grafana"],
      ["search, a name", "/api/admin/applications/?q=candidate%204242"],
      ["board, every stage", "/api/admin/applications/board/"],
      ["board, one job", "/api/admin/applications/board/?job=job-3"],
    ] as const) {
      const { read: rows, ...timing } = await timeRequests({ name, runs: RUNS, warmUp: WARM_UP, read: (body) => matchedBy(body) }, () =>
        recruiter.request("GET", url),
      );
      scenarios.push({ name, rows, ...timing, pass: timing.p99 <= APPLICATIONS_BUDGET_MS });
    }
    return { database: database.kind, applications: APPLICATIONS, scenarios };
  });

/** How many a list matched, or how many applications a board holds in all. */
const matchedBy = (body: unknown) =>
  "columns" in (body as object)
    ? (body as { columns: { count: number }[] }).columns.reduce((sum, column) => sum + column.count, 0)
    : (body as { count: number }).count;

export const benchApplicationsPglite = () => onFreshDatabase("applications", undefined, benchApplications);
export const benchApplicationsPostgres = (serverUrl: string) => onFreshDatabase("applications", serverUrl, benchApplications);

export const printApplications = (run: ApplicationsBench) =>
  printScenarios(
    `${run.database}: the hiring pipeline with ${run.applications.toLocaleString("en-US")} applications and their résumés' text, ${RUNS} requests each through the API ` +
      `after ${WARM_UP} to warm up; budget p99 ≤ ${APPLICATIONS_BUDGET_MS} ms`,
    { column: "matched", field: "rows" },
    run.scenarios,
  );

await runAlone(import.meta.url, { pglite: benchApplicationsPglite, postgres: benchApplicationsPostgres, print: printApplications });
