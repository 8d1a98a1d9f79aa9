import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";

/** A link to another site, opened in a new tab: the arrow says so to the eye, the hidden words to a screen reader. */
export function NewTabLink({
  href,
  className,
  iconClassName = "size-4",
  children,
}: {
  href: string;
  className: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLink className={iconClassName} aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
