import type { ButtonHTMLAttributes, ReactNode } from "react";
import type { LinkProps } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";
export type ButtonSize = "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-crimson-600 text-white shadow-sm hover:bg-crimson-700 active:bg-crimson-700",
  secondary: "bg-white text-ink-900 ring-1 ring-inset ring-ink-200 hover:bg-ink-100",
  ghost: "text-ink-800 hover:bg-ink-100",
  inverse: "bg-white/10 text-white ring-1 ring-inset ring-white/30 hover:bg-white/20",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = "") {
  return [
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap",
    "transition-colors duration-200 ease-out disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    extra,
  ].join(" ");
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

export function Button({ variant, size, className = "", type = "button", ...props }: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A link that looks like a button: for navigation, never for actions. */
export function ButtonLink({ variant, size, className = "", ...props }: StyleProps & LinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
