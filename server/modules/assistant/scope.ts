/**
 * Questions the assistant declines whatever the site's pages hold, because no page of a company's site
 * answers them and a passage that happens to share a word would answer wrongly (decision 062): asking
 * for secrets, for another person's private life, about markets, weather, politics or entertainment,
 * or to rank the company against another. The header search is not affected: it lists what matches.
 */
const OUT_OF_SCOPE: readonly { topic: string; pattern: RegExp }[] = [
  {
    topic: "secrets",
    pattern:
      /\b(admin|administrator|root|database|db|server|wi-?fi|staff|employees?|internal|system|your) (panel |account )?(passwords?|credentials|logins?)\b|\b(secret|private) keys?\b|\bapi keys? of\b|\bdatabase (dump|contents)\b|\binternal (documents?|files|e-?mails?)\b|\b(what('s| is| are)|give( me)?|tell( me)?|reveal|share|send( me)?) (the |your |an? )?(passwords?|credentials)\b/i,
  },
  {
    topic: "someone's private life",
    pattern:
      /\b(home address|date of birth|birthday|how old is|net worth|married|wife|husband|girlfriend|boyfriend|religion|personal (phone|mobile|number|email|e-mail|address|life)|mobile number of|where does \w+ live)\b|\b(ceo|cto|coo|founders?|co-founders?|directors?|owners?)(['’]s)? (salary|pay|income|age)\b|\b(salary|income|age) of (the |your )?(ceo|cto|coo|founders?|co-founders?|directors?|owners?)\b/i,
  },
  {
    topic: "other people's data",
    pattern:
      /\b(list|dump|export|download|give( me)?|show( me)?|send( me)?|print|output)\b[^.?!]{0,40}\b(all|every|everyone|everybody|each)\b[^.?!]{0,30}\b(users?|customers?|clients?|subscribers?|subscribed|members?|applicants?|candidates?|e-?mail addresses)\b|\bfrom (the|your) (database|db|servers?)\b|\b(cop(y|ies)|details) of (their|other clients['’]?|your (other )?(clients|customers)['’]?) (contracts?|invoices?|agreements?)\b|\bwhich (of your )?(clients?|customers?) pays? (you )?(the )?most\b/i,
  },
  {
    topic: "markets",
    pattern:
      /\b(stock|share) (price|market|value)s?\b|\bstock market\b|\bipo\b|\bmarket cap(italisation|italization)?\b|\bexchange rates?\b|\bforex\b|\bbitcoin\b|\bcrypto ?(currency|currencies)? prices?\b|\b(npr|usd|inr|eur|gbp|aud) (to|in) (npr|usd|inr|eur|gbp|aud)\b/i,
  },
  { topic: "weather", pattern: /\b(weather|temperature outside|is it (raining|snowing|sunny|cold|hot))\b/i },
  { topic: "politics", pattern: /\b(elections?|prime minister|president of|politics|political|politicians?|parliament|vote for)\b/i },
  {
    topic: "entertainment",
    pattern:
      /\b(football|cricket|world cup|movies?|films?|songs?|netflix|tv shows?|celebrit(y|ies)|recipes?|horoscope|lottery|jokes?)\b|\bfavou?rite (food|colou?r|book|band|actor|singer|team)\b/i,
  },
  { topic: "comparisons with others", pattern: /\b(better|worse) than\b/i },
];

/** What a question asks that the assistant never answers from the site, or null when it may. */
export function outOfScope(question: string): string | null {
  return OUT_OF_SCOPE.find(({ pattern }) => pattern.test(question))?.topic ?? null;
}
