/**
 * The inbox at size: 100,000 enquiries with 300,000 thread messages, and the admin's list and search
 * through the API (`app.inject`, a signed-in support admin), so the route, its validation and the
 * answer's serialisation are in the figure. Budget: p99 ≤ 50 ms server time on both databases.
 * Run alone with `npx tsx bench/inbox.ts` (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { sql } from "drizzle-orm";
import { ENQUIRY_TYPES } from "#contracts/enquiry-inbox.ts";
import type { Database } from "../server/db/client";
import { signedInAdmin } from "../tests/helpers/admin";
import type { TestContext } from "../tests/helpers/app";
import { onFreshDatabase, printScenarios, runAlone, timeRequests, withBenchApp, type TimedScenario } from "./at-size";

export const INBOX_BUDGET_MS = 50;
const ENQUIRIES = 100_000;
const MESSAGES_PER_ENQUIRY = 3;
const RUNS = Number(process.env.BENCH_INBOX_RUNS ?? 200);
const WARM_UP = 20;

const FIRST_NAMES = [
  "Asha",
  "Bikash",
  "Chandra",
  "Dawa",
  "Ekta",
  "Furba",
  "Gita",
  "Hari",
  "Indra",
  "Janak",
  "Kamala",
  "Lhakpa",
  "Manish",
  "Nima",
  "Pema",
  "Rajesh",
  "Sita",
  "Tenzing",
  "Uma",
  "Yangchen",
  "Anil",
  "Binita",
  "Deepak",
  "Laxmi",
  "Prakash",
  "Sabina",
  "Suman",
  "Rita",
  "Arjun",
  "Maya",
  "Olivia",
  "James",
  "Sophie",
  "Lukas",
  "Mei",
  "Hiroshi",
  "Priya",
  "Rahul",
  "Fatima",
  "Omar",
];
const SURNAMES = [
  "Gurung",
  "Rai",
  "Lama",
  "Sherpa",
  "Tamang",
  "Magar",
  "Shrestha",
  "Thapa",
  "Karki",
  "Adhikari",
  "Basnet",
  "Bhandari",
  "Joshi",
  "Khadka",
  "Koirala",
  "Maharjan",
  "Pandey",
  "Poudel",
  "Regmi",
  "Sharma",
  "Subedi",
  "Tuladhar",
  "Upreti",
  "Yadav",
  "Smith",
  "Müller",
  "Tanaka",
  "Chen",
  "Patel",
  "Garcia",
  "Johansson",
  "Dubois",
  "Rossi",
  "Kowalski",
  "Novak",
  "Silva",
  "Kim",
  "Nguyen",
  "Okafor",
  "Haddad",
];
const COMPANY_WORDS = [
  "Everest",
  "Annapurna",
  "Himalayan",
  "Kathmandu",
  "Lumbini",
  "Pokhara",
  "Summit",
  "Yeti",
  "Sagarmatha",
  "Bagmati",
  "Gandaki",
  "Karnali",
  "Makalu",
  "Dhaulagiri",
  "Manaslu",
  "Langtang",
  "Mustang",
  "Janakpur",
  "Chitwan",
  "Koshi",
  "Acme",
  "Northwind",
  "Contoso",
  "Globex",
  "Initech",
  "Umbrella",
  "Stark",
  "Wayne",
  "Tyrell",
  "Cyberdyne",
];
const COMPANY_SUFFIXES = ["Solutions", "Technologies", "Traders", "Bank", "Hospital", "Travels", "Academy", "Foods", "Energy", "Labs", "Group", "Media"];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "proton.me", "mail.com.np", "example.org"];
/** Common words first: a text draws from the start of the list far more often than from its end. */
const WORDS = [
  "we",
  "the",
  "our",
  "to",
  "and",
  "for",
  "a",
  "please",
  "need",
  "you",
  "is",
  "with",
  "can",
  "website",
  "project",
  "team",
  "help",
  "would",
  "like",
  "about",
  "app",
  "thanks",
  "time",
  "support",
  "price",
  "quote",
  "mobile",
  "design",
  "launch",
  "budget",
  "meeting",
  "call",
  "next",
  "week",
  "month",
  "login",
  "account",
  "payment",
  "server",
  "hosting",
  "domain",
  "email",
  "data",
  "report",
  "update",
  "issue",
  "error",
  "page",
  "form",
  "customers",
  "shop",
  "booking",
  "hotel",
  "trekking",
  "school",
  "clinic",
  "inventory",
  "dashboard",
  "integration",
  "api",
  "android",
  "ios",
  "react",
  "cloud",
  "security",
  "backup",
  "migration",
  "contract",
  "deadline",
  "invoice",
  "training",
  "maintenance",
  "analytics",
  "search",
  "nepali",
  "english",
  "translation",
  "accessibility",
  "performance",
  "redesign",
  "ecommerce",
  "khalti",
  "esewa",
  "fonepay",
  "kubernetes",
  "postgres",
  "wordpress",
  "shopify",
  "figma",
  "seo",
  "newsletter",
  "chatbot",
  "sms",
  "gateway",
  "warehouse",
  "payroll",
  "attendance",
  "biometric",
  "telemedicine",
];

/** The value at an index of a list (wrapping round), as SQL: the lists are the bench's own constants. */
const pick = (values: readonly string[], index: string) =>
  sql.raw(`(array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ")}]::text[])[1 + (${index}) % ${values.length}]`);

export interface InboxScenario extends TimedScenario {
  url: string;
  /** Rows the list counted: how much of the inbox the query matched. */
  matched: number;
}

export interface InboxBench {
  database: "pglite" | "postgres";
  enquiries: number;
  messages: number;
  seedSeconds: number;
  scenarios: InboxScenario[];
}

/** Fills the inbox with set-based statements: a pool of texts, the enquiries, their threads, then their search documents. */
async function seed(db: Database, owners: number[]) {
  const texts = 2000;
  await db.execute(sql`create table bench_texts (n integer primary key, body text not null)`);
  // Each text 8–32 words, drawn with a skew (the square of a spread fraction) towards the common words.
  await db.execute(sql`
    insert into bench_texts
    select t, (select string_agg(${pick(WORDS, `floor(power(((t * 7919 + i * 104729) % 10007) / 10007.0, 2) * ${WORDS.length})::int`)}, ' ')
               from generate_series(1, 8 + t % 25) as i)
    from generate_series(0, ${texts - 1}) as t`);
  // The messages' trigger updates its enquiry's document once per message; for a seed of 300,000 that
  // is 300,000 updates, so it is off here and the documents get their threads in one statement below.
  await db.execute(sql`alter table enquiry_messages disable trigger enquiry_messages_search_document`);
  const ownerList = sql.raw(`array[${owners.join(", ")}]::int[]`);
  await db.execute(sql`
    insert into enquiries (type, name, email, company, subject, message, status, assignee_id, first_response_at, due_at, last_message_at, created_at, ip_hash, user_agent)
    select ${pick(ENQUIRY_TYPES, "g")},
      first || ' ' || surname,
      lower(first) || '.' || lower(surname) || (g % 97) || '@' || ${pick(DOMAINS, "g / 7")},
      case when g % 3 = 0 then null else ${pick(COMPANY_WORDS, "g / 3")} || ' ' || ${pick(COMPANY_SUFFIXES, "g / 11")} end,
      case when g % ${ENQUIRY_TYPES.length} = ${ENQUIRY_TYPES.indexOf("SUPPORT")} then 'Help with ' || ${pick(WORDS, "g / 5 + 14")} end,
      t.body,
      status,
      case when g % 10 < 3 then null else (${ownerList})[1 + g % ${owners.length}] end,
      case when status in ('new', 'spam') then null else created + (1 + g % 48) * interval '37 minutes' end,
      case when status in ('new', 'open') then created + interval '24 hours' end,
      case when status = 'new' then created else created + (1 + g % 72) * interval '1 hour' end,
      created, 'bench', 'Mozilla/5.0 (bench)'
    from (
      select g, created, ${pick(FIRST_NAMES, "g * 13")} as first, ${pick(SURNAMES, "g * 7 + g / 40")} as surname,
        -- The last day's enquiries are still to be answered; of the older ones most are closed, a few overdue.
        case when created > now() - interval '1 day' then (array['new', 'new', 'open'])[1 + g % 3]
          else (array['closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'waiting', 'waiting', 'waiting', 'spam', 'open', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'waiting', 'waiting', 'new'])[1 + g % 35] end as status
      from (select g, now() - (g * 365.0 / ${ENQUIRIES}) * interval '1 day' - (g % 1440) * interval '1 minute' as created from generate_series(1, ${ENQUIRIES}) as g) as spread
    ) as rows
    join bench_texts as t on t.n = g % ${texts}`);
  await db.execute(sql`
    insert into enquiry_messages (enquiry_id, kind, channel, author_id, author_name, body, created_at)
    select e.id, (array['reply', 'visitor', 'note'])[k], (array['admin', 'web', 'admin'])[k],
      case when k = 2 then null else e.assignee_id end, case when k = 2 then e.email else 'support' end,
      t.body, e.created_at + k * interval '3 hours'
    from enquiries as e cross join generate_series(1, ${MESSAGES_PER_ENQUIRY}) as k
    join bench_texts as t on t.n = (e.id * 3 + k * 7) % ${texts}`);
  await db.execute(sql`
    update enquiries as e set search = e.search || m.document
    from (select enquiry_id, to_tsvector('simple', string_agg(body, ' ' order by id)) as document from enquiry_messages group by enquiry_id) as m
    where m.enquiry_id = e.id`);
  await db.execute(sql`alter table enquiry_messages enable trigger enquiry_messages_search_document`);
  await db.execute(sql`drop table bench_texts`);
}

/** Seeds a fresh, migrated database and times the inbox's list and searches on it. */
export const benchInbox = (options: { dataDir: string; databaseUrl?: string }): Promise<InboxBench> =>
  withBenchApp(options, async (app, database) => {
    const support = await signedInAdmin({ app } as TestContext, "support");
    const owners = [];
    for (const [index, role] of (["support", "owner", "support", "owner"] as const).entries()) {
      owners.push(
        (await app.services.admin.createAdmin({ username: `owner${index}`, email: `owner${index}@himaltech.test`, password: "a-long-bench-passphrase", role }))
          .id,
      );
    }
    const me = (await app.services.team.membersFor("enquiries")).find((member) => member.username === support.username)!.id;
    const started = performance.now();
    await seed(database.db, [me, ...owners]);
    // The bulk update above leaves a dead row per enquiry, and the planner needs the tables' statistics:
    // on PostgreSQL autovacuum sees to both; on PGlite the server analyzes at start and every six hours
    // (server/db/statistics.ts), so a running server's database is in this state.
    await database.db.execute(sql`vacuum analyze enquiries, enquiry_messages`);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const rowOf = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
    const { messages } = await rowOf<{ messages: number }>(sql`select count(*)::int as messages from enquiry_messages`);
    const { email } = await rowOf<{ email: string }>(sql`select email from enquiries where id = 4242`);

    const scenarios: [string, string][] = [
      ["inbox, default order (owed first)", "/api/admin/enquiries/"],
      ["status filter: open", "/api/admin/enquiries/?status=open"],
      ["status filter: closed", "/api/admin/enquiries/?status=closed"],
      ["owner filter: mine", "/api/admin/enquiries/?owner=me"],
      ["overdue filter", "/api/admin/enquiries/?overdue=yes"],
      ["search: a surname", "/api/admin/enquiries/?q=Gurung"],
      ["search: a company word", "/api/admin/enquiries/?q=Annapurna"],
      ["search: an email address", `/api/admin/enquiries/?q=${encodeURIComponent(email)}`],
      ["search: a word in messages", "/api/admin/enquiries/?q=invoice"],
      ["search: a common word", "/api/admin/enquiries/?q=website"],
    ];
    const results: InboxScenario[] = [];
    for (const [name, url] of scenarios) {
      const timing = await timeRequests({ name: url, runs: RUNS, warmUp: WARM_UP, read: (body) => (body as { count: number }).count }, () =>
        support.request("GET", url),
      );
      results.push({ name, url, matched: timing.read, p50: timing.p50, p95: timing.p95, p99: timing.p99, pass: timing.p99 <= INBOX_BUDGET_MS });
    }
    return { database: database.kind, enquiries: ENQUIRIES, messages, seedSeconds, scenarios: results };
  });

/** The inbox bench on a fresh embedded database in a temporary directory. */
export const benchInboxPglite = () => onFreshDatabase("inbox", undefined, benchInbox);

/** The inbox bench on a database of its own on the given server, dropped afterwards. */
export const benchInboxPostgres = (serverUrl: string) => onFreshDatabase("inbox", serverUrl, benchInbox);

export const printInbox = (run: InboxBench) =>
  printScenarios(
    `${run.database}: inbox with ${run.enquiries.toLocaleString("en-US")} enquiries and ${run.messages.toLocaleString("en-US")} messages ` +
      `(seeded in ${run.seedSeconds} s), ${RUNS} requests each through the API after ${WARM_UP} to warm up; budget p99 ≤ ${INBOX_BUDGET_MS} ms`,
    { column: "matched", field: "matched" },
    run.scenarios,
    "query",
  );

await runAlone(import.meta.url, { pglite: benchInboxPglite, postgres: benchInboxPostgres, print: printInbox });
