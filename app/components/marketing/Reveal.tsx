import type { ReactNode } from "react";
import { useInView } from "#app/lib/use-in-view.ts";

/** Fades and lifts its content in once, when it has come `marginPx` into view. */
export function Reveal({
  marginPx,
  as: Tag = "div",
  className = "",
  children,
}: {
  marginPx: number;
  as?: "div" | "li";
  className?: string;
  children: ReactNode;
}) {
  const [ref, inView] = useInView<HTMLElement>(marginPx);
  return (
    <Tag ref={ref} data-revealed={inView} className={`mk-reveal ${className}`}>
      {children}
    </Tag>
  );
}
