import { ExternalLink, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A link to another site, opened in a new tab: the arrow says so to the eye, the hidden words to a screen
 * reader. `icon` replaces the arrow where the link sits among others drawn with their own (the support channels).
 */
export function NewTabLink({
  href,
  className,
  icon: Icon = ExternalLink,
  iconClassName = "size-4",
  children,
}: {
  href: string;
  className: string;
  icon?: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <Icon className={iconClassName} aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
