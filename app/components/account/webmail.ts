const providers: { domains: string[]; url: string }[] = [
  { domains: ["gmail.com", "googlemail.com"], url: "https://mail.google.com/" },
  { domains: ["outlook.com", "hotmail.com", "live.com", "msn.com"], url: "https://outlook.live.com/mail/" },
  { domains: ["yahoo.com", "ymail.com"], url: "https://mail.yahoo.com/" },
  { domains: ["icloud.com", "me.com", "mac.com"], url: "https://www.icloud.com/mail/" },
  { domains: ["proton.me", "protonmail.com", "pm.me"], url: "https://mail.proton.me/" },
];

/** A provider's domain in another country: hotmail.co.uk, yahoo.fr, yahoo.com.au (not me.example.org). */
const countryVariant = (domain: string, name: string) => {
  const base = name.slice(0, name.indexOf("."));
  return domain.startsWith(`${base}.`) && /^(?:[a-z]{2}|(?:co|com)\.[a-z]{2})$/.test(domain.slice(base.length + 1));
};

/** The webmail site for an address's domain; anything unknown opens Gmail. */
export function webmailFor(email: string): string {
  const domain = email.split("@").pop()?.trim().toLowerCase() ?? "";
  const known = providers.find(({ domains }) => domains.some((name) => domain === name || countryVariant(domain, name)));
  return known?.url ?? providers[0]!.url;
}
