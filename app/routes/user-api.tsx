import { useState } from "react";
import { CodeBlock } from "#app/components/pages/CodeBlock.tsx";
import { DocsNav } from "#app/components/pages/DocsNav.tsx";
import { PageHero } from "#app/components/ui/PageHero.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/Badge.tsx";
import { Tabs } from "#app/components/ui/Tabs.tsx";
import { apiReference, type ApiEndpoint } from "#app/content/api-reference.ts";
import { seo } from "#app/lib/seo.ts";

export const meta = () => seo({ ...apiReference.seo, path: "/user-api" });

const methodTones: Record<ApiEndpoint["method"], BadgeTone> = { AUTH: "neutral", GET: "success", POST: "info" };

export function EndpointExplorer() {
  const [selected, setSelected] = useState<string>(apiReference.defaultEndpoint);
  const endpoint = apiReference.endpoints.find((candidate) => candidate.id === selected)!;
  const tabs = apiReference.endpoints.map((candidate) => ({ id: candidate.id, label: candidate.title }));
  return (
    <Tabs label={apiReference.endpointsLabel} tabs={tabs} selected={selected} onSelect={setSelected}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={methodTones[endpoint.method]}>{endpoint.method}</Badge>
          <code className="rounded-md bg-ink-100 px-2 py-1 text-sm font-semibold">{endpoint.path}</code>
        </div>
        <h2 className="text-xl font-bold sm:text-2xl">{endpoint.title}</h2>
        <p className="text-ink-700">{endpoint.description}</p>
        <CodeBlock label="Request" code={endpoint.example} />
        {"response" in endpoint && endpoint.response && <CodeBlock label="Response" code={endpoint.response} />}
      </div>
    </Tabs>
  );
}

export default function UserApi() {
  return (
    <>
      <PageHero eyebrow={apiReference.eyebrow} title={apiReference.title} intro={apiReference.intro} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[15rem_1fr] lg:px-8">
        <DocsNav />
        <div className="min-w-0 space-y-16">
          <EndpointExplorer />
          <section aria-labelledby="fields-title">
            <h2 id="fields-title" className="text-xl font-bold sm:text-2xl">
              {apiReference.fieldsTitle}
            </h2>
            <div className="mt-6 overflow-x-auto rounded-card ring-1 ring-ink-100">
              <table className="w-full text-left text-sm">
                <thead className="bg-surface">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Field
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Type
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Description
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {apiReference.fields.map((field) => (
                    <tr key={field.name}>
                      <td className="px-4 py-3 font-mono font-semibold">{field.name}</td>
                      <td className="px-4 py-3 text-ink-700">{field.type}</td>
                      <td className="px-4 py-3 text-ink-700">{field.text}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
