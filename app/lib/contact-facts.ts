import { useRouteLoaderData } from "react-router";
import { contactFacts } from "#app/content/contact-facts.ts";
import type { ContactContent } from "#contracts/site-content.ts";

/**
 * The contact facts as published, which the root loads for every page (decision 070); the shipped ones
 * where the root's data is missing (the error page of a failed root).
 */
export function useContactFacts(): ContactContent {
  const root = useRouteLoaderData("root") as { contact?: ContactContent } | undefined;
  return root?.contact ?? contactFacts;
}
