import { ChevronDown, Menu, Search, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent } from "react";
import { Form, useLocation } from "react-router";
import { SEARCH_QUERY_MAX } from "#contracts/search-options.ts";
import { Link, NavLink } from "#app/components/ui/Link.tsx";
import { accountNavigation, mainNavigation, serviceNavigation } from "#app/content/navigation.ts";
import { useAccountSignedIn } from "#app/lib/account-session.ts";
import { useAdminSignedIn } from "#app/lib/admin-frame.ts";
import { site } from "#app/content/site.ts";
import { OWN_PART } from "#app/lib/takeover.ts";
import { useDelayedToggle } from "#app/lib/use-delayed-toggle.ts";
import comboboxUrl from "lazy-module-url:../search/SearchCombobox";
import type { SearchComboboxProps } from "../search/SearchCombobox";
import { buttonClasses } from "../ui/Button";
import { Logo } from "./Logo";

export const SERVICES_OPEN_DELAY_MS = 200;
export const SERVICES_CLOSE_DELAY_MS = 300;
export const SCROLLED_THRESHOLD_PX = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors duration-150 ${isActive ? "text-crimson-600" : "text-ink-800 hover:text-ink-950 hover:bg-ink-100"}`;

function ServicesMenu() {
  const menu = useDelayedToggle({ openDelay: SERVICES_OPEN_DELAY_MS, closeDelay: SERVICES_CLOSE_DELAY_MS });
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { close } = menu;
  // Closed when the visitor goes to another page; not when the menu first mounts, which could close a
  // menu opened in the moment between the page's hydration and its effects.
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    close();
  }, [pathname, close]);

  // Escape on the button or any of the menu's links closes it and gives the button its focus back.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.close();
    button.current?.focus();
  };

  // Keyboard focus (or a click) moving anywhere outside the menu closes it, so it never covers what comes next.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (menu.open && !event.currentTarget.contains(event.relatedTarget as Node | null)) menu.close();
  };

  return (
    <div className="relative" onMouseEnter={menu.scheduleOpen} onMouseLeave={menu.scheduleClose} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={menu.open}
        aria-controls="services-menu"
        onClick={menu.toggle}
        onKeyDown={onKeyDown}
        className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-ink-800 transition-colors duration-150 hover:bg-ink-100 hover:text-ink-950"
      >
        Services
        <ChevronDown className={`size-4 transition-transform duration-200 ${menu.open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <div id="services-menu" hidden={!menu.open} className="absolute top-full left-1/2 z-50 w-80 -translate-x-1/2 pt-3">
        <ul className="rounded-2xl bg-white p-2 shadow-card-hover ring-1 ring-ink-100">
          {serviceNavigation.map((service) => (
            <li key={service.to}>
              <Link
                to={service.to}
                className="block rounded-xl px-4 py-3 transition-colors duration-150 hover:bg-surface"
                onClick={menu.close}
                onKeyDown={onKeyDown}
              >
                <span className="block text-sm font-semibold text-ink-900">{service.label}</span>
                <span className="block text-xs text-ink-700">{service.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The search field, the same in the plain box and in the combobox that replaces it once loaded. It draws
 * no clearing cross of its own: beside the header's Close search button it read as a second, unnamed close.
 */
export const siteSearchField = {
  id: "site-search",
  name: "q",
  type: "search",
  maxLength: SEARCH_QUERY_MAX,
  placeholder: "Search services, articles, docs…",
  className:
    "min-w-0 flex-1 bg-transparent py-2 text-base text-ink-900 placeholder:text-ink-600 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none",
} as const;

type Combobox = ComponentType<SearchComboboxProps>;
let comboboxCode: Promise<Combobox | undefined> | undefined;
let loadedCombobox: Combobox | undefined;

/**
 * The combobox's code, asked for once the visitor shows intent: points at or focuses the search button,
 * or opens the box. So it adds nothing to a page's first load: it is imported by its chunk's address
 * (decision 049), so not even Vite's helper for imports comes with the page. A failed load is tried again next time.
 */
function loadCombobox(): Promise<Combobox | undefined> {
  comboboxCode ??= (import(/* @vite-ignore */ comboboxUrl) as Promise<{ default: Combobox }>).then(
    (module) => (loadedCombobox = module.default),
    () => (comboboxCode = undefined),
  );
  return comboboxCode;
}

/**
 * The search box: the combobox (instant results as the visitor types) when its code is there, else a
 * plain form to /search, which the combobox replaces once loaded, keeping what was typed. Should the code
 * fail to load, the plain form still searches.
 */
function SearchBox({ onClose }: { onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState(() => loadedCombobox && { Combobox: loadedCombobox, initialValue: "" });
  // Focus moves in the same task as the press that opened the box, so a key pressed right after it lands here.
  useLayoutEffect(() => {
    if (loaded) return;
    input.current?.focus();
    let open = true;
    void loadCombobox().then((Combobox) => open && Combobox && setLoaded({ Combobox, initialValue: input.current?.value ?? "" }));
    return () => {
      open = false;
    };
    // Once, when the box opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form role="search" method="get" action="/search" className="relative border-t border-ink-100 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Search className="size-5 shrink-0 text-ink-700" aria-hidden="true" />
        <label htmlFor={siteSearchField.id} className="sr-only">
          Search the site
        </label>
        {loaded ? (
          <loaded.Combobox initialValue={loaded.initialValue} onClose={onClose} />
        ) : (
          <input ref={input} {...siteSearchField} onKeyDown={(event) => event.key === "Escape" && onClose()} />
        )}
      </div>
    </Form>
  );
}

export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The mobile menu is open for the page it was opened on, so going to another page closes it.
  const [mobileOpenOn, setMobileOpenOn] = useState<string | undefined>(undefined);
  const mobileOpen = mobileOpenOn === location.pathname;
  const setMobileOpen = (open: boolean) => setMobileOpenOn(open ? location.pathname : undefined);
  const closeMobileMenu = () => setMobileOpen(false);
  // The search box is open for the location it was opened at: choosing a result or submitting closes it.
  const [searchOpenAt, setSearchOpenAt] = useState<string | undefined>(undefined);
  const searchOpen = searchOpenAt === location.key;
  const searchButton = useRef<HTMLButtonElement>(null);
  const menuToggle = useRef<HTMLElement>(null);
  const menuPanel = useRef<HTMLElement>(null);
  // Someone signed in is offered their own pages instead of Sign In. Pages are the same for everyone,
  // so the browser decides once the page is live; the button keeps one width, so nothing moves then.
  const admin = useAdminSignedIn();
  const account = useAccountSignedIn();
  const accountLink = admin ? accountNavigation.admin : account ? accountNavigation.signedIn : accountNavigation.signedOut;

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const closeSearch = () => {
    setSearchOpenAt(undefined);
    searchButton.current?.focus();
  };
  // Escape on the menu's toggle or any of its links closes it and gives the toggle its focus back.
  const onMobileKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !mobileOpen) return;
    setMobileOpen(false);
    menuToggle.current?.focus();
  };
  // However the menu closes (a link followed, the page's own link, going back), focus inside it goes to its
  // toggle rather than falling to the page with the link it was on. Before the browser hides that link.
  useLayoutEffect(() => {
    if (!mobileOpen && menuPanel.current?.contains(document.activeElement)) menuToggle.current?.focus();
  }, [mobileOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow] duration-200 ease-out ${
        scrolled ? "bg-white/95 shadow-card backdrop-blur" : "bg-white"
      }`}
    >
      <div
        className={`mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 transition-[height] duration-200 sm:px-6 lg:px-8 ${scrolled ? "h-16" : "h-20"}`}
      >
        <Link to="/" aria-label={`${site.name} home`} className="shrink-0 rounded-lg">
          <Logo />
        </Link>

        {/* Each menu is taken over on its own, once shown (decision 082): a phone never runs the desktop one. */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex" {...OWN_PART}>
          {mainNavigation.slice(0, 2).map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <ServicesMenu />
          {mainNavigation.slice(2).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {/* Before the page is live, or without JavaScript, the button opens the search page instead of the box. */}
          <form id="site-search-page" action="/search" method="get" hidden />
          <button
            ref={searchButton}
            type="submit"
            form="site-search-page"
            aria-expanded={searchOpen}
            aria-controls="site-search-box"
            aria-label={searchOpen ? "Close search" : "Open search"}
            onClick={(event) => {
              event.preventDefault();
              setSearchOpenAt(searchOpen ? undefined : location.key);
            }}
            onPointerEnter={loadCombobox}
            onFocus={loadCombobox}
            className="rounded-full p-2.5 text-ink-800 transition-colors duration-150 hover:bg-ink-100"
          >
            {searchOpen ? <X className="size-5" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
          </button>
          <Link to={accountLink.to} className={buttonClasses("primary", "sm", "min-w-28 px-4 max-sm:hidden")}>
            {accountLink.label}
          </Link>
          {/*
            The phone menu is a native disclosure, so it opens without JavaScript too; the page's script only
            keeps its state (closed on going to another page) and adds Escape. Its name and icon follow the
            details' open attribute in CSS, with or without the script.
          */}
          <details open={mobileOpen} onToggle={(event) => setMobileOpen(event.currentTarget.open)} className="group/menu lg:hidden">
            <summary
              ref={menuToggle}
              onKeyDown={onMobileKeyDown}
              className="block cursor-pointer list-none rounded-full p-2.5 text-ink-800 transition-colors duration-150 hover:bg-ink-100 [&::-webkit-details-marker]:hidden"
            >
              <Menu className="size-5 group-open/menu:hidden" aria-hidden="true" />
              <X className="hidden size-5 group-open/menu:block" aria-hidden="true" />
              <span className="sr-only group-open/menu:hidden">Open menu</span>
              <span className="sr-only hidden group-open/menu:inline">Close menu</span>
            </summary>
            {/* Laid over the page below the header, the search box too when that is open. Following any of its links
                closes the menu, the page's own link too (no navigation happens then). */}
            <nav
              {...OWN_PART}
              ref={menuPanel}
              id="mobile-menu"
              aria-label="Mobile"
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-ink-100 bg-white shadow-card"
            >
              <ul className="space-y-1 px-4 py-4">
                {mainNavigation.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.to === "/"}
                      onClick={closeMobileMenu}
                      onKeyDown={onMobileKeyDown}
                      className={({ isActive }) =>
                        `block rounded-xl px-4 py-3 font-medium ${isActive ? "bg-crimson-50 text-crimson-700" : "text-ink-900 hover:bg-surface"}`
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wider text-ink-700 uppercase">Services</li>
                {serviceNavigation.map((service) => (
                  <li key={service.to}>
                    <NavLink
                      to={service.to}
                      onClick={closeMobileMenu}
                      onKeyDown={onMobileKeyDown}
                      className="block rounded-xl px-4 py-3 text-ink-900 hover:bg-surface"
                    >
                      {service.label}
                    </NavLink>
                  </li>
                ))}
                <li className="pt-3">
                  <Link to={accountLink.to} onClick={closeMobileMenu} onKeyDown={onMobileKeyDown} className={buttonClasses("primary", "md", "w-full")}>
                    {accountLink.label}
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>

      <div id="site-search-box">{searchOpen && <SearchBox onClose={closeSearch} />}</div>
    </header>
  );
}
