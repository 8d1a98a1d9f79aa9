import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";

/**
 * The public pages' links. A page's code and data start loading as soon as a visitor points at or
 * focuses its link, so on a slow connection most of the wait is over by the click. Loaded at the
 * click, the page's module and data came first and the module's own imports one round trip later.
 */
export const Link = (props: LinkProps) => <RouterLink prefetch="intent" {...props} />;
export const NavLink = (props: NavLinkProps) => <RouterNavLink prefetch="intent" {...props} />;
