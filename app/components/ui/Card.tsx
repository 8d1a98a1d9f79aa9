import type { HTMLAttributes } from "react";

export function Card({ className = "", interactive = false, ...props }: HTMLAttributes<HTMLDivElement> & { interactive?: boolean }) {
  return (
    <div
      className={[
        "rounded-card bg-white p-6 shadow-card ring-1 ring-ink-100",
        interactive ? "transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-card-hover" : "",
        className,
      ].join(" ")}
      {...props}
    />
  );
}
