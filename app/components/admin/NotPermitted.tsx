import { ShieldX } from "lucide-react";
import { ButtonLink } from "../ui/Button";

const copy = {
  heading: "You do not have access to this screen",
  text: "Your admin role does not include this part of the admin. If you need it for your work, ask an owner to change your role.",
  action: "Go to the dashboard",
} as const;

export const notPermittedTitle = copy.heading;

/** The page an admin meets on a screen outside their role: says why, and offers the way to the screens they do have. */
export function NotPermitted() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <ShieldX className="mx-auto size-10 text-ink-500" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{copy.heading}</h1>
      <p className="mt-4 text-ink-700">{copy.text}</p>
      <ButtonLink to="/dashboard/" className="mt-8">
        {copy.action}
      </ButtonLink>
    </section>
  );
}
