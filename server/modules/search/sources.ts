import type { SearchSource } from "./service";
import { bodyOf, markdownPassages, markdownToText, type IndexedDocument } from "./text";

const versionsByKey = <T extends string | number>(prefix: string, rows: { id: T; version: string }[]) =>
  new Map(rows.map((row) => [`${prefix}:${row.id}`, row.version]));
const idsOf = (prefix: string, keys: string[]) => keys.map((key) => key.slice(prefix.length + 1));

/** Blog posts as the index keeps them: found from their publication time, each paragraph a passage under its section. */
export function postSource(blog: {
  searchVersions(): Promise<{ id: number; version: string }[]>;
  searchArticles(ids: number[]): Promise<{ id: number; title: string; excerpt: string; content: string; publishedAt: Date }[]>;
}): SearchSource {
  return {
    kind: "post",
    versions: async () => versionsByKey("post", await blog.searchVersions()),
    documents: async (keys) =>
      (await blog.searchArticles(idsOf("post", keys).map(Number))).map((post): IndexedDocument => {
        const passages = [{ heading: post.title, text: markdownToText(post.excerpt) }, ...markdownPassages(post.title, post.content)];
        return {
          key: `post:${post.id}`,
          kind: "post",
          url: `/blog/${post.id}`,
          title: post.title,
          body: bodyOf(passages),
          visibleFrom: post.publishedAt,
          visibleUntil: null,
          passages,
        };
      }),
  };
}

/** Open jobs as the index keeps them: found until they close. */
export function jobSource(careers: {
  searchVersions(): Promise<{ id: string; version: string }[]>;
  searchJobs(ids: string[]): Promise<
    {
      id: string;
      title: string;
      department: string;
      location: string;
      type: string;
      salary: string | null;
      description: string;
      requirements: string[];
      responsibilities: string[];
      closesAt: Date | null;
    }[]
  >;
}): SearchSource {
  return {
    kind: "job",
    versions: async () => versionsByKey("job", await careers.searchVersions()),
    documents: async (keys) =>
      (await careers.searchJobs(idsOf("job", keys))).map((job): IndexedDocument => {
        const passages = [
          {
            heading: job.title,
            text: `Open position: ${job.type}, ${job.department} team, ${job.location}.${job.salary ? ` Salary: ${job.salary}.` : ""} ${job.description}`,
          },
          ...(job.responsibilities.length > 0 ? [{ heading: `${job.title}: responsibilities`, text: job.responsibilities.join("; ") }] : []),
          ...(job.requirements.length > 0 ? [{ heading: `${job.title}: requirements`, text: job.requirements.join("; ") }] : []),
        ];
        return {
          key: `job:${job.id}`,
          kind: "job",
          url: `/careers/apply/${job.id}`,
          title: job.title,
          body: bodyOf(passages),
          visibleFrom: null,
          visibleUntil: job.closesAt,
          passages,
        };
      }),
  };
}

/** Answers staff wrote for the FAQ, each one passage: its question and its answer, found on the FAQ page. */
export function answerSource(answers: {
  searchVersions(): Promise<{ id: number; version: string }[]>;
  searchAnswers(ids: number[]): Promise<{ id: number; question: string; answer: string }[]>;
}): SearchSource {
  return {
    kind: "answer",
    versions: async () => versionsByKey("answer", await answers.searchVersions()),
    documents: async (keys) =>
      (await answers.searchAnswers(idsOf("answer", keys).map(Number))).map((answer): IndexedDocument => {
        const passages = [{ heading: answer.question, text: answer.answer }];
        return {
          key: `answer:${answer.id}`,
          kind: "answer",
          url: `/faq#answer-${answer.id}`,
          title: answer.question,
          body: bodyOf(passages),
          visibleFrom: null,
          visibleUntil: null,
          passages,
        };
      }),
  };
}
