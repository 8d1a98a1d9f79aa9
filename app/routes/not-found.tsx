import { data } from "react-router";
import { NotFoundPage } from "#app/components/pages/NotFoundPage.tsx";
import { notFound } from "#app/content/not-found.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Any address the site does not have: answered with status 404 so search engines drop it. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function meta({ data }: Route.MetaArgs) {
  return seo({ title: "Page not found", description: notFound.text, path: data?.path ?? "/404" });
}

export default function NotFound() {
  return <NotFoundPage />;
}
