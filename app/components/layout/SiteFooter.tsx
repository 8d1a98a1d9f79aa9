import { Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { footerColumns } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";
import { useContactFacts } from "#app/lib/contact-facts.ts";
import { telHref, whatsappHref } from "#app/lib/contact-links.ts";
import { Logo } from "./Logo";
import { SocialIcon } from "./SocialIcon";

/** The year is rendered into the page the cache keeps (decision 070); the browser corrects it if the copy is older. */
function CurrentYear() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the HTML keeps the build's year until the browser has its own
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <span suppressHydrationWarning>{year}</span>;
}

/** The footer's last element: the root layout holds the first paint until it has arrived. */
export const SITE_FOOTER_ID = "site-footer-end";

export function SiteFooter({ newsletter }: { newsletter?: ReactNode }) {
  const contact = useContactFacts();
  return (
    <footer className="bg-ink-950 text-ink-200">
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <Link to="/" aria-label={`${site.name} home`} className="inline-block rounded-lg">
              <Logo inverse />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-relaxed">{site.tagline}</p>
            <ul className="mt-6 space-y-2 text-sm">
              <li className="flex items-center gap-2">
                <MapPin className="size-4 text-cyan-300" aria-hidden="true" />
                {contact.address.locality}, Kathmandu Valley, {site.contact.address.countryName}
              </li>
              <li>
                <a href={telHref(contact.phone)} className="flex items-center gap-2 hover:text-white">
                  <Phone className="size-4 text-cyan-300" aria-hidden="true" />
                  {contact.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${contact.email}`} className="flex items-center gap-2 hover:text-white">
                  <Mail className="size-4 text-cyan-300" aria-hidden="true" />
                  {contact.email}
                </a>
              </li>
            </ul>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Social media">
              {site.socials.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.name === "WhatsApp" ? whatsappHref(contact.phone) : social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${site.name} on ${social.name}`}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/5 text-ink-200 ring-1 ring-white/10 transition-colors duration-150 hover:bg-white/15 hover:text-white"
                  >
                    <SocialIcon name={social.name} />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-5">
            {footerColumns.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="text-sm font-semibold text-white">{column.title}</h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="transition-colors duration-150 hover:text-white">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>

          <div id="newsletter" className="lg:col-span-3">
            <h2 className="text-sm font-semibold text-white">Newsletter</h2>
            <p className="mt-4 text-sm">Practical notes on AI, data, security and cloud from our engineers, once a month.</p>
            {newsletter}
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-white/10 pt-8 text-sm sm:flex-row sm:justify-between">
          <p>
            © <CurrentYear /> {site.legalName} All rights reserved.
          </p>
          <p>Built remotely from Nepal, for the world.</p>
        </div>
      </div>
      {/* Read once the whole footer has been: the first paint waits for it (see the root layout). */}
      <span id={SITE_FOOTER_ID} hidden />
    </footer>
  );
}
