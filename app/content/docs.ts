import type { InfoPageContent } from "./page-types";
import { rateLimits } from "./faq";

export interface DocGuide {
  path: string;
  title: string;
  summary: string;
}

export const docGuides: DocGuide[] = [
  { path: "/docs/getting-started", title: "Getting Started", summary: "Create an account, get an API key and make your first request in five minutes." },
  { path: "/docs/api-guides", title: "API Guides", summary: "Authentication, pagination, errors and rate limits, explained with examples." },
  { path: "/docs/sdks", title: "SDKs", summary: "Official client libraries for JavaScript, Python and Go, and how to install them." },
  { path: "/docs/troubleshooting", title: "Troubleshooting", summary: "Fixes for the errors people meet most, from 401 to 429." },
];

export const docsIndex = {
  seo: {
    title: "Documentation",
    description: "HimalTech developer documentation: getting started, API guides, SDKs and troubleshooting for the HimalTech platform API.",
    keywords: ["documentation", "developer docs", "API guides", "SDK", "troubleshooting"],
  },
  eyebrow: "Documentation",
  title: "Build with HimalTech",
  intro: "Everything you need to integrate with our platform: guides, references and answers.",
  searchLabel: "Search documentation",
  searchPlaceholder: "Search guides, endpoints and errors",
  apiReference: {
    title: "Looking for the endpoint reference?",
    text: "Every endpoint with its parameters and example responses.",
    label: "API Reference",
    to: "/user-api",
  },
} as const;

const base = "https://api.himaltech.com.np/v1";

export const gettingStarted: InfoPageContent = {
  path: "/docs/getting-started",
  seo: {
    title: "Getting Started",
    description: "Create an account, get an API key and make your first request to the HimalTech API.",
    keywords: ["getting started", "API key", "first request", "quickstart"],
  },
  eyebrow: "Documentation",
  title: "Getting Started",
  intro: "From zero to your first API call in five minutes.",
  sections: [
    {
      id: "account",
      title: "1. Create an account",
      intro: "Sign up with your work e-mail and confirm the address from the link we send you.",
      links: [{ label: "Create an account", to: "/signup" }],
    },
    {
      id: "api-key",
      title: "2. Get an API key",
      intro:
        "Sign in and create a key in your dashboard. Keep it secret: anyone with the key can act as you. Store it in an environment variable, never in your code.",
    },
    {
      id: "first-request",
      title: "3. Make your first request",
      intro: "List the users in your workspace with the key as a bearer token:",
      code: { label: "Shell", text: `export HIMALTECH_API_KEY="your-api-key"\n\ncurl ${base}/users \\\n  -H "Authorization: Bearer $HIMALTECH_API_KEY"` },
    },
    {
      id: "next",
      title: "Next steps",
      points: [
        "Read the API guides to learn about pagination, errors and rate limits.",
        "Install an SDK for your language instead of writing HTTP calls by hand.",
        "Keep the troubleshooting guide close for the errors you may meet.",
      ],
      links: [
        { label: "API Guides", to: "/docs/api-guides" },
        { label: "SDKs", to: "/docs/sdks" },
        { label: "API Reference", to: "/user-api" },
      ],
    },
  ],
};

export const apiGuides: InfoPageContent = {
  path: "/docs/api-guides",
  seo: {
    title: "API Guides",
    description: "How the HimalTech API works: authentication with bearer keys, JSON requests, pagination, errors and rate limits.",
    keywords: ["API guide", "authentication", "pagination", "rate limits", "REST API"],
  },
  eyebrow: "Documentation",
  title: "API Guides",
  intro: "The conventions every endpoint of the HimalTech API follows.",
  sections: [
    {
      id: "authentication",
      title: "Authentication",
      intro: "Send your API key as a bearer token in the Authorization header of every request. Requests without a valid key are answered with 401.",
      code: { label: "HTTP", text: `GET /v1/users HTTP/1.1\nHost: api.himaltech.com.np\nAuthorization: Bearer YOUR_API_KEY` },
    },
    {
      id: "requests",
      title: "Requests and responses",
      points: [
        "The base URL is " + base + ".",
        "Request and response bodies are JSON, encoded as UTF-8.",
        "Dates are ISO 8601 strings in UTC, such as created_at.",
        "Send Content-Type: application/json with POST bodies.",
      ],
    },
    {
      id: "pagination",
      title: "Pagination",
      intro:
        "List endpoints return up to 20 items per page. Ask for more with the page and page_size query parameters (page_size at most 100); the response tells you the total count.",
      code: { label: "Shell", text: `curl "${base}/users?page=2&page_size=50" \\\n  -H "Authorization: Bearer $HIMALTECH_API_KEY"` },
    },
    {
      id: "errors",
      title: "Errors",
      cards: [
        { title: "400 Bad Request", text: "The body failed validation; the errors field names each field at fault." },
        { title: "401 Unauthorized", text: "The API key is missing, wrong or revoked." },
        { title: "404 Not Found", text: "No resource has that id, or it belongs to another workspace." },
        { title: "429 Too Many Requests", text: "You went over your rate limit; wait the seconds in Retry-After." },
      ],
    },
    {
      id: "rate-limits",
      title: "Rate limits",
      intro: `The free tier allows ${rateLimits.free} requests/minute and the pro tier ${rateLimits.pro} requests/minute per API key. Spread bursts out, and on a 429 wait for the Retry-After time before trying again.`,
    },
  ],
};

export const sdks: InfoPageContent = {
  path: "/docs/sdks",
  seo: {
    title: "SDKs",
    description: "Official HimalTech client libraries for JavaScript/TypeScript, Python and Go: installation and first request.",
    keywords: ["SDK", "client library", "JavaScript SDK", "Python SDK", "Go SDK"],
  },
  eyebrow: "Documentation",
  title: "SDKs",
  intro: "Official client libraries handle authentication, retries and pagination for you.",
  sections: [
    {
      id: "javascript",
      title: "JavaScript and TypeScript",
      intro: "For Node.js 20+ and modern browsers, with full type definitions.",
      code: {
        label: "JavaScript",
        text: `// npm install @himaltech/sdk\nimport { HimalTech } from "@himaltech/sdk";\n\nconst client = new HimalTech({ apiKey: process.env.HIMALTECH_API_KEY });\nconst users = await client.users.list();`,
      },
    },
    {
      id: "python",
      title: "Python",
      intro: "For Python 3.9 and newer, with synchronous and async clients.",
      code: {
        label: "Python",
        text: `# pip install himaltech\nimport os\nfrom himaltech import HimalTech\n\nclient = HimalTech(api_key=os.environ["HIMALTECH_API_KEY"])\nusers = client.users.list()`,
      },
    },
    {
      id: "go",
      title: "Go",
      intro: "For Go 1.21 and newer, with context support on every call.",
      code: {
        label: "Go",
        text: `// go get github.com/himaltech/himaltech-go\nclient := himaltech.NewClient(os.Getenv("HIMALTECH_API_KEY"))\nusers, err := client.Users.List(ctx, nil)`,
      },
    },
    {
      id: "features",
      title: "What every SDK does for you",
      points: [
        "Sends your key as a bearer token.",
        "Retries on 429 and network errors, honouring Retry-After.",
        "Walks paginated lists for you.",
        "Raises typed errors with the API's message and field errors.",
      ],
    },
  ],
};

export const troubleshooting: InfoPageContent = {
  path: "/docs/troubleshooting",
  seo: {
    title: "Troubleshooting",
    description: "Fixes for common HimalTech API problems: 401 Unauthorized, 400 validation errors, 429 rate limits, CORS and timeouts.",
    keywords: ["troubleshooting", "API errors", "401 unauthorized", "429 too many requests", "CORS"],
  },
  eyebrow: "Documentation",
  title: "Troubleshooting",
  intro: "The problems developers meet most often, and how to fix them.",
  sections: [
    {
      id: "common-errors",
      title: "Common errors",
      cards: [
        {
          title: "401 Unauthorized",
          text: "Check that the header reads exactly “Authorization: Bearer YOUR_API_KEY”, that the key has no spaces or line breaks, and that it has not been revoked in your dashboard.",
        },
        {
          title: "400 Bad Request",
          text: "Read the errors field of the response: it names each field that failed and why. Check that you send Content-Type: application/json.",
        },
        {
          title: "429 Too Many Requests",
          text: `You sent more than your tier allows (free ${rateLimits.free}, pro ${rateLimits.pro} requests/minute). Wait for the Retry-After seconds, then slow down or batch requests.`,
        },
        { title: "404 Not Found", text: "The id does not exist in your workspace, or the path has a typo. Paths end without a trailing slash." },
      ],
    },
    {
      id: "cors",
      title: "CORS errors in the browser",
      intro: "Never call the API from a browser with your secret key: anyone could read it. Call it from your server and pass the results to your front end.",
    },
    {
      id: "timeouts",
      title: "Timeouts",
      intro:
        "Set a client timeout of 30 seconds and retry idempotent requests (GET) with exponential back-off. Check the System Status list on the support page for ongoing incidents.",
      links: [{ label: "Support and system status", to: "/support" }],
    },
    {
      id: "still-stuck",
      title: "Still stuck?",
      intro: "Send us the request you made (without your key), the response and the time it happened, and we will look into it.",
      links: [
        { label: "Contact Support", to: "/support" },
        { label: "Ask the Community", to: "/community" },
      ],
    },
  ],
};
