const providers: { domains: string[]; url: string }[] = [
  { domains: ["gmail.com", "googlemail.com"], url: "https://mail.google.com/" },
  { domains: ["outlook.com", "hotmail.com", "live.com", "msn.com"], url: "https://outlook.live.com/mail/" },
  { domains: ["yahoo.com", "ymail.com"], url: "https://mail.yahoo.com/" },
  { domains: ["icloud.com", "me.com", "mac.com"], url: "https://www.icloud.com/mail/" },
  { domains: ["proton.me", "protonmail.com", "pm.me"], url: "https://mail.proton.me/" },
];

/** The webmail site for an address's domain; anything unknown opens Gmail. */
export function webmailFor(email: string): string {
  const domain = email.split("@").pop()?.trim().toLowerCase() ?? "";
  const known = providers.find(({ domains }) => domains.some((name) => domain === name || domain.startsWith(`${name.split(".")[0]}.`)));
  return known?.url ?? providers[0]!.url;
}
