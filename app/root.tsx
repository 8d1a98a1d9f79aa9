import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import stylesHref from "./app.css?url";
import { NewsletterForm } from "./components/forms/NewsletterForm";
import { SITE_FOOTER_ID, SiteFooter } from "./components/layout/SiteFooter";
import { SiteHeader } from "./components/layout/SiteHeader";
import { ButtonLink } from "./components/ui/Button";
import { notFound as notFoundCopy } from "./content/not-found";
import { useAdminFrame } from "./lib/admin-frame";
import { useContactFacts } from "./lib/contact-facts";
import { jsonLdText, organizationGraph } from "./lib/seo";
import { siteContentFor } from "./lib/site-content.server";
import { usePageViews } from "./lib/analytics";
import { whenTakenOver } from "./lib/takeover";
import "./load-context";

/**
 * The stylesheet is one hashed file that browsers keep for a year, linked rather than inlined: the
 * head asks for it at once, so a first visit paints as soon (decision 021), and every later page
 * arrives without its 10 KB.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/logo.png" },
];

/**
 * The contact facts as staff published them (decision 070): every page's footer and structured data show
 * them, so every page is rendered on the server and kept in the page cache until they or other words change.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { contact: await siteContentFor(request, context, "contact") };
}

/** They change only when staff publish them, which no visitor's next page needs to ask about. */
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  // An admin screen brings its own frame (navigation, top bar, main): no public header, footer or newsletter form.
  const adminFrame = useAdminFrame();
  const contact = useContactFacts();
  // Once this mark is set, every part of the page has been taken over and every handler and effect
  // of the first render is in place (the browser tests wait for it).
  useEffect(() => {
    whenTakenOver(() => (document.documentElement.dataset.hydrated = ""));
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c1330" />
        {/*
          The first paint waits for the footer to be read: painted while the page was still arriving, a short
          page's main area stretched to the screen's foot and then gave way to the footer (a shift on a slow phone).
          On every page, admin screens too (no footer: painted once read). Left out of them, it made Preact, which
          matches the head's elements by position, drop the stylesheet on the way from a public page to the admin.
        */}
        <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
        <Meta />
        <Links />
        {adminFrame ? null : <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(organizationGraph(contact)) }} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {adminFrame ? (
          children
        ) : (
          <>
            <SiteHeader />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter newsletter={<NewsletterForm />} />
          </>
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  usePageViews();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? notFoundCopy.heading : "Something went wrong"}</h1>
      <p className="mt-4 text-ink-700">{notFound ? notFoundCopy.text : "We could not show this page. Please try again in a moment."}</p>
      <ButtonLink to="/" className="mt-8">
        {notFoundCopy.action}
      </ButtonLink>
    </section>
  );
}
