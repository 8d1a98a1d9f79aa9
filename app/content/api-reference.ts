export interface ApiEndpoint {
  id: string;
  method: "GET" | "POST" | "AUTH";
  path: string;
  title: string;
  description: string;
  example: string;
  response?: string;
}

const base = "https://api.himaltech.com.np/v1";
const user = `{\n  "id": 42,\n  "name": "Sita Sharma",\n  "email": "sita@example.com",\n  "created_at": "2023-06-15T09:30:00Z"\n}`;

export const apiReference = {
  seo: {
    title: "API Reference",
    description:
      "Reference for the HimalTech users API: bearer-key authentication, GET users, GET users/{id} and POST users, with example requests and responses.",
    keywords: ["API reference", "REST API", "users API", "bearer token", "HimalTech API"],
  },
  eyebrow: "API Reference",
  title: "Users API",
  intro: "Examples of every endpoint, ready to copy. These are documentation examples, not live calls.",
  endpointsLabel: "Endpoints",
  defaultEndpoint: "authentication",
  endpoints: [
    {
      id: "authentication",
      method: "AUTH",
      path: "Authorization header",
      title: "Authentication",
      description: "Every request carries your API key as a bearer token in the Authorization header. Create keys in your dashboard and keep them secret.",
      example: `curl ${base}/users \\\n  -H "Authorization: Bearer YOUR_API_KEY"`,
    },
    {
      id: "list-users",
      method: "GET",
      path: "/users",
      title: "List users",
      description: "Returns the users of your workspace, newest first, 20 per page.",
      example: `curl ${base}/users \\\n  -H "Authorization: Bearer YOUR_API_KEY"`,
      response: `{\n  "count": 1,\n  "results": [\n    ${user.replace(/\n/g, "\n    ")}\n  ]\n}`,
    },
    {
      id: "get-user",
      method: "GET",
      path: "/users/{id}",
      title: "Get a user",
      description: "Returns one user by id, or 404 if there is none.",
      example: `curl ${base}/users/42 \\\n  -H "Authorization: Bearer YOUR_API_KEY"`,
      response: user,
    },
    {
      id: "create-user",
      method: "POST",
      path: "/users",
      title: "Create a user",
      description: "Creates a user from a name and an e-mail address and returns it with status 201.",
      example: `curl -X POST ${base}/users \\\n  -H "Authorization: Bearer YOUR_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"name": "Sita Sharma", "email": "sita@example.com"}'`,
      response: user,
    },
  ] satisfies ApiEndpoint[],
  fieldsTitle: "User fields",
  fields: [
    { name: "id", type: "integer", text: "Unique identifier of the user." },
    { name: "name", type: "string", text: "Full name." },
    { name: "email", type: "string", text: "E-mail address, unique in the workspace." },
    { name: "created_at", type: "string (ISO 8601)", text: "When the user was created, in UTC." },
  ],
} as const;
