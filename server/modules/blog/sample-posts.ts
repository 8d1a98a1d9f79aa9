import type { ArtworkMotif } from "./artwork";

export interface SamplePost {
  title: string;
  excerpt: string;
  categories: string[];
  author: string;
  readTimeMinutes: number;
  featured: boolean;
  /** How long before seeding it was published. */
  daysAgo: number;
  motif: ArtworkMotif;
  content: string;
}

/** The articles a new site starts with, newest first. */
export const samplePosts: SamplePost[] = [
  {
    title: "Shipping an LLM Feature Without Shipping Your Budget",
    excerpt:
      "Large language models are easy to demo and hard to run well. Here is the checklist we use to keep answers grounded, latency low and the monthly bill predictable.",
    categories: ["AI", "Software Engineering"],
    author: "Aarati Shrestha",
    readTimeMinutes: 7,
    featured: true,
    daysAgo: 3,
    motif: "network",
    content: `Every client demo of a language model goes well. The trouble starts in month two, when real users ask real questions and the invoice arrives.

## Start from the question, not the model

Write down twenty questions your users actually ask. If a keyword search answers fifteen of them, build the search first and let the model handle the rest.

## Ground every answer

- Retrieve the three to five most relevant passages from *your* documents.
- Put them in the prompt with their source links.
- Ask the model to answer **only** from them, and to say when it cannot.

## Know what each answer costs

| Approach | Typical latency | Cost per 1,000 answers |
| --- | --- | --- |
| Large hosted model, long prompt | 4–8 s | $15–30 |
| Small hosted model with retrieval | 1–2 s | $1–3 |
| Open model on one rented GPU | 1–3 s | fixed, about $400 a month |

## Our launch checklist

- [x] An evaluation set of 100 real questions with expected answers
- [x] A cache for repeated questions
- [x] Logging of prompts and answers (with personal data removed)
- [ ] A monthly review of the answers users marked as wrong

Models keep getting cheaper; a good evaluation set keeps its value.[^1]

[^1]: We re-run ours on every model upgrade and keep the results in version control.`,
  },
  {
    title: "Zero Trust for a Ten-Person Company",
    excerpt: "You do not need an enterprise budget to stop trusting your network. Five changes that close the holes attackers use most against small teams.",
    categories: ["Cybersecurity", "Cloud"],
    author: "Bikash Gurung",
    readTimeMinutes: 6,
    featured: true,
    daysAgo: 9,
    motif: "shield",
    content: `"Zero trust" sounds like a product you buy. For a small company it is a handful of habits.

## 1. One identity for everything

Put every tool behind single sign-on. When someone leaves, one switch turns off their access everywhere.

## 2. Phishing-resistant sign-in

Passkeys or hardware keys for admins first, then for everyone. SMS codes are better than nothing, ~~but not much better~~ and they can be intercepted.

## 3. Devices earn access

| Check | Why it matters |
| --- | --- |
| Disk encryption on | A lost laptop is not a data breach |
| Updates within 14 days | Most attacks use holes that are already patched |
| Screen lock under 5 minutes | Cafés and co-working spaces |

## 4. Least privilege by default

Nobody works day to day as an administrator. Elevated access is requested, time-limited and logged.

## 5. Practise the bad day

- [ ] Restore last night's backup to a fresh machine
- [ ] Revoke a stolen laptop's sessions in under ten minutes
- [ ] Call every client on the incident contact list

Start with the first item this week; each one makes the next easier.`,
  },
  {
    title: "From Spreadsheets to a Data Warehouse in Six Weeks",
    excerpt:
      "A Kathmandu retailer ran on forty spreadsheets. Here is how we moved them to a small, well-modelled warehouse, and what the owners can now see every morning.",
    categories: ["Data Science", "Cloud"],
    author: "Sujan Maharjan",
    readTimeMinutes: 8,
    featured: false,
    daysAgo: 16,
    motif: "chart",
    content: `Spreadsheets are where every business starts, and where many get stuck. Our client had forty of them, each with its own idea of what a "sale" was.

## Week 1–2: agree on the words

Before any code, we wrote a one-page glossary. *Sale*, *return*, *active customer*: each got one definition that the owners signed off.

## Week 3–4: load and model

1. Nightly exports land in cloud storage.
2. A small set of SQL models cleans and joins them.
3. Tests fail the build when totals do not match the source.

## Week 5–6: the morning report

The owners now open one dashboard with their coffee:

| Question | Before | After |
| --- | --- | --- |
| Yesterday's sales by branch | Phone calls, by noon | 7 a.m., automatic |
| Stock below reorder level | Monthly count | Daily list |
| Best-selling items this week | Guesswork | Top 20, with trend |

## What it costs to run

About **$60 a month** in cloud fees. The warehouse is small on purpose: it answers the questions that change decisions and nothing else.

Read more about how we approach projects like this at https://himaltech.com.np/services/data-science.`,
  },
  {
    title: "Cutting a Cloud Bill by 43% Without Touching the Code",
    excerpt:
      "Most cloud waste hides in plain sight: idle machines, oversized databases and forgotten snapshots. The audit we run for every new client, step by step.",
    categories: ["Cloud"],
    author: "Priya Tamang",
    readTimeMinutes: 5,
    featured: false,
    daysAgo: 24,
    motif: "cloud",
    content: `A startup asked us to "make the app faster". The first thing we made smaller was their invoice.

## The audit

- **Idle compute.** Staging servers running around the clock. We schedule them to sleep at night and at weekends.
- **Oversized databases.** CPU never above 15%. One size down, same response times.
- **Orphaned storage.** 2 TB of snapshots from machines deleted a year ago.
- **Data transfer.** Images served from the app server instead of a CDN.

## The result

| Item | Monthly before | Monthly after |
| --- | --- | --- |
| Compute | $1,840 | $1,020 |
| Database | $960 | $610 |
| Storage and snapshots | $410 | $120 |
| Transfer | $390 | $300 |
| **Total** | **$3,600** | **$2,050** |

## Keep it down

- [x] Budgets with alerts at 80% and 100%
- [x] Tags on every resource naming its owner
- [ ] A fifteen-minute cost review on the first Monday of each month

None of this needed a single line of application code to change.`,
  },
  {
    title: "Why We Write the Tests Before the Estimate",
    excerpt:
      "A fixed-price quote is only as good as the shared picture behind it. Writing acceptance tests with clients before we price a project has made our estimates honest.",
    categories: ["Software Engineering"],
    author: "Nabin Karki",
    readTimeMinutes: 5,
    featured: false,
    daysAgo: 33,
    motif: "code",
    content: `Clients want to know what software will cost. We want to know what "done" means. Writing acceptance tests together answers both.

## What an acceptance test looks like

Plain language, one behaviour each:

> Given a customer with an unpaid invoice, when they sign in, then they see the amount due and a Pay now button.

We write thirty to eighty of these in a two-hour workshop.

## Why it helps the estimate

- Each test is a unit we can size, so the quote is a sum, not a guess.
- Missing tests reveal missing scope **before** the contract.
- Arguments about "what we agreed" end: the tests are what we agreed.

## Why it helps the build

The same sentences become automated tests. When they pass, the feature is done, and the client can read the report.

~~We used to pad estimates by 30%~~ We now pad by the number of open questions, and we list them in the quote.`,
  },
  {
    title: "Computer Vision on a Farm: Counting Cardamom with a Phone",
    excerpt:
      "A cooperative in eastern Nepal wanted faster harvest estimates. A small image model running offline on a mid-range phone now does in minutes what took a day.",
    categories: ["AI", "Data Science"],
    author: "Aarati Shrestha",
    readTimeMinutes: 6,
    featured: true,
    daysAgo: 45,
    motif: "network",
    content: `Large cardamom grows on steep, shaded hillsides where there is rarely a network signal. Estimating a harvest meant counting capsules by hand on sample plants.

## The constraints

- Works **offline**, on phones farmers already own.
- Explains itself: the app draws a box around every capsule it counts.
- Trained on photos taken by the farmers, in their own light.

## How we built it

1. Farmers photographed 1,200 plants over three weeks.
2. Two local students labelled them, paid per image.
3. We trained a small object-detection model and compressed it to 9 MB.

## How well it works

| Measure | Hand count | Phone app |
| --- | --- | --- |
| Time per plot | 6 hours | 25 minutes |
| Error against a full count | ±8% | ±11% |
| Needs network | No | No |

The app is slightly less precise and forty times faster, which is the trade the cooperative wanted.

## What is next

- [x] Counting capsules
- [ ] Spotting leaf disease early
- [ ] Sharing anonymous plot data with the agricultural extension office`,
  },
  {
    title: "The Five Findings in Almost Every Penetration Test",
    excerpt: "After dozens of web application tests, the same weaknesses keep appearing. None are exotic, and all of them can be fixed in a sprint.",
    categories: ["Cybersecurity", "Software Engineering"],
    author: "Bikash Gurung",
    readTimeMinutes: 7,
    featured: false,
    daysAgo: 58,
    motif: "shield",
    content: `Attackers rarely need a zero-day. These five findings appear in most of the applications we test.

## 1. Broken access control

Changing \`/invoices/1041\` to \`/invoices/1042\` shows someone else's invoice. **Fix:** check ownership on the server for every object, every time.

## 2. Secrets in the repository

API keys in old commits stay there forever. **Fix:** a secret scanner in CI, and rotate anything it finds.

## 3. Verbose errors

Stack traces tell attackers your framework, versions and file paths. **Fix:** log details, show users a plain message.

## 4. Missing rate limits

Login and password-reset forms that accept unlimited attempts. **Fix:** limits per account and per address.

## 5. Outdated dependencies

| Age of oldest dependency | Share of apps we tested |
| --- | --- |
| Under 6 months | 18% |
| 6–24 months | 47% |
| Over 2 years | 35% |

**Fix:** automated update pull requests, merged weekly.

A test report is only useful if it gets fixed; we retest every finding for free within 60 days.[^retest]

[^retest]: The retest covers the original findings, not new features.`,
  },
  {
    title: "Choosing Between Serverless and Containers in 2026",
    excerpt: "Both are mature, both are cheap at small scale, and both can hurt you at the wrong size. A practical way to decide for your next service.",
    categories: ["Cloud", "Software Engineering"],
    author: "Priya Tamang",
    readTimeMinutes: 6,
    featured: false,
    daysAgo: 72,
    motif: "cloud",
    content: `We are often asked which is "better". The honest answer depends on the shape of your traffic.

## Serverless fits when

- Traffic is spiky or mostly idle.
- Each request is short (under a few seconds).
- You would rather not patch operating systems.

## Containers fit when

- Traffic is steady through the day.
- You need long-running work, WebSockets or large memory.
- You want to move between cloud providers.

## A rough cost comparison

| Monthly requests | Serverless | One small container |
| --- | --- | --- |
| 1 million | ~$5 | ~$30 |
| 20 million | ~$90 | ~$30 |
| 200 million | ~$900 | ~$120 (a few instances) |

## Our default

Start with **one container** for the main application and use serverless functions for scheduled jobs and webhooks. It keeps local development simple and the bill predictable.

Whatever you choose, write down why, so the next person knows when the reason no longer holds.`,
  },
  {
    title: "A Data Science Starter Kit for Teams Without Data Scientists",
    excerpt: "You can answer most business questions with tools you already have. The four skills, three tools and one habit we teach every client team.",
    categories: ["Data Science"],
    author: "Sujan Maharjan",
    readTimeMinutes: 5,
    featured: false,
    daysAgo: 90,
    motif: "chart",
    content: `Hiring a data scientist is not the first step. Asking better questions of the data you already have is.

## Four skills

1. **Counting correctly**: distinct customers, not rows.
2. **Comparing fairly**: this week against the same week last year.
3. **Spotting outliers** before they spoil an average.
4. **Saying how sure you are**: ranges, not single numbers.

## Three tools

| Tool | Use it for |
| --- | --- |
| A spreadsheet | Exploring up to ~100,000 rows |
| SQL | Anything that must be repeated |
| A notebook (Python) | Charts and simple forecasts |

## One habit

Every chart gets a sentence underneath: *what should we do differently because of this?* If nobody can write the sentence, the chart goes.

- [x] Pick one recurring decision
- [ ] Find the data behind it
- [ ] Make one chart that would change it

When the questions outgrow these tools, you will know exactly what to ask a data scientist for.`,
  },
];
