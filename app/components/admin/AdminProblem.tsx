import { SearchX, ShieldX, TriangleAlert, type LucideIcon } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { NOT_PERMITTED_PAGE } from "#app/lib/admin-frame.ts";
import { ButtonLink } from "../ui/Button";

const copy = {
  heading: "You do not have access to this screen",
  text: "Your admin role does not include this part of the admin. If you need it for your work, ask an owner to change your role.",
  action: "Go to the dashboard",
  notFound: "Not found",
  notFoundText: "It may have been deleted, or the address is not quite right.",
  failed: "Something went wrong",
  failedText: "We could not show this screen. Please try again in a moment.",
} as const;

export const notPermittedTitle = copy.heading;

type Problem = { icon: LucideIcon; heading: string; text: string };

/**
 * What an admin screen says instead of itself: a screen outside the admin's role (a 403 its loader threw),
 * a record that is not there (a 404 with what the screen said, such as "Enquiry not found"), or a failure.
 */
function problemOf(error: unknown): Problem {
  if (isRouteErrorResponse(error) && error.status === 403 && error.data === NOT_PERMITTED_PAGE)
    return { icon: ShieldX, heading: copy.heading, text: copy.text };
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { icon: SearchX, heading: typeof error.data === "string" && error.data ? error.data : copy.notFound, text: copy.notFoundText };
  }
  return { icon: TriangleAlert, heading: copy.failed, text: copy.failedText };
}

/** The page's title for an admin screen that could not be shown. */
export const adminProblemTitle = (error: unknown) => problemOf(error).heading;

/** An admin screen that could not be shown: says why, and offers the way to the screens the admin does have. */
export function AdminProblem({ error }: { error: unknown }) {
  const { icon: Icon, heading, text } = problemOf(error);
  return (
    <section className="mx-auto max-w-2xl py-16 text-center sm:py-24">
      <Icon className="mx-auto size-10 text-ink-500" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{heading}</h1>
      <p className="mt-4 text-ink-700">{text}</p>
      <ButtonLink to="/dashboard/" className="mt-8">
        {copy.action}
      </ButtonLink>
    </section>
  );
}
