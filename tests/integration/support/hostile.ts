import fc from "fast-check";

/** Runs per property: small in `npm test`, large in `npm run verify` (FAST_CHECK_RUNS=200). */
export const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 5);

/** Text a form never expects: control characters, lone surrogates, direction overrides, injections of every kind. */
const nastyText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\u0000\u0000\u0000\u0000",
  "\ud800",
  "x\udfffy",
  "\u202eevil\u202c",
  "\ufeff",
  "\u0085\u2028\u2029",
  "e\u0301".repeat(500),
  "👩🏽‍💻".repeat(50),
  "%00",
  "%",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "' OR '1'='1' --",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "${7*7}{{7*7}}<%= 7*7 %>",
  "\r\nSet-Cookie: planted=1\r\n",
  "a@b.c\r\nBcc: victim@example.com",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "9007199254740993",
  "-2147483649",
  "0x7fffffff",
  "[object Object]",
  "__proto__",
  "constructor",
  "",
  " ",
);

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a sloppy client would send (CESU-8) rather than throwing. */
export function encode(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
        return `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
      return encodeURIComponent(char);
    })
    .join("");
}

/** Text with half of a character in it (a lone surrogate, U+D800 to U+DFFF), as a JSON `\\ud800` escape makes one. */
export const textWithLoneSurrogate = fc
  .tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 12 }))
  .map(([before, half, after]) => `${before}${String.fromCharCode(half)}${after}`);

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A date where one is expected, far from any the site means: the first and last days JavaScript can hold,
 * years past 9999 or before 0001, days no calendar has, and date-like text (a timestamp, a number).
 */
export const hostileDate = fc.oneof(
  fc.constantFrom(
    "9999-12-31",
    "0000-01-01",
    "0001-01-01",
    "1900-01-01",
    "1969-12-31",
    "2101-01-01",
    "275760-09-13",
    "+275760-09-13",
    "-271821-04-20",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "9999-12-31T23:59",
    "9999-12-31T23:59:59Z",
    "0000-01-01T00:00:00+14:00",
    "9999-99-99T99:99",
    "2026-01-01T24:00",
    "2026-1-1",
    "31/12/9999",
    "8640000000000001",
    "-8640000000000001",
  ),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map(day),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 16)),
);

/** A Host header no host sends: spaces, an unclosed bracket, a user, a port alone or past 65535, text of any kind. */
export const hostileHost = fc.oneof(
  fc.constantFrom(
    "a b",
    "[::1",
    "::1]",
    "a@b",
    "user:pass@localhost",
    ":",
    ":3000",
    "localhost:",
    "localhost:99999",
    "localhost:-1",
    "localhost:3000:3000",
    "[zz::1]",
    "exa mple.com",
    "a/b",
    "a?b",
    "a#b",
    "a\\b",
    "%00",
    "localhost%2F..",
    "x".repeat(300),
  ),
  fc.string({ unit: fc.constantFrom(..." @[]:/?#%\\<>^|`{}\"'"), minLength: 1, maxLength: 6 }).map((junk) => `local${junk}host`),
);

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 1, arbitrary: textWithLoneSurrogate },
  { weight: 1, arbitrary: hostileDate },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 300_000 }).map((length) => "x".repeat(length)) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Any JSON value, small or nested, with hostile strings at its leaves. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 4 }),
  ),
})).value;

export interface HostileBody {
  payload: string | Buffer;
  contentType?: string;
}

/** A generated value as text; String() would call a generated `toString` key. */
const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

const json = (payload: string, contentType = "application/json"): HostileBody => ({ payload, contentType });

/**
 * A body built to break a route: its real fields (on top of a valid body, so checks past the first are
 * reached) set to wrong types and hostile text, prototype-pollution keys, deep nesting, JSON that is not
 * an object, and content types the route does not speak.
 */
export function hostileBody(fieldNames: string[], validBody: Record<string, unknown>): fc.Arbitrary<HostileBody> {
  const field = fc.oneof(fc.constantFrom(...fieldNames), hostileString);
  return fc.oneof(
    fc.dictionary(field, hostileValue, { minKeys: 1, maxKeys: 6 }).map((fields) => json(JSON.stringify({ ...validBody, ...fields }))),
    fc
      .tuple(fc.constantFrom("__proto__", "constructor", "prototype"), hostileValue)
      .map(([key, value]) =>
        json(
          `{${JSON.stringify(validBody).slice(1, -1)}${Object.keys(validBody).length ? "," : ""}"${key}":${JSON.stringify(key === "constructor" ? { prototype: { isAdmin: true, polluted: value } } : { isAdmin: true, polluted: value })}}`,
        ),
      ),
    fc
      .tuple(fc.integer({ min: 50, max: 200_000 }), fc.constantFrom("[", '{"a":'))
      .map(([depth, open]) => json(open.repeat(depth) + (open === "[" ? "]" : "1") + (open === "[" ? "]" : "}").repeat(depth - 1) + (open === "[" ? "" : "}"))),
    fc.constantFrom("null", "0", '"text"', "[]", "true", "{}", "", "{", "\ufeff{}", '{"a":1}{"b":2}', "[".repeat(10)).map((text) => json(text)),
    fc
      .tuple(
        hostileValue,
        fc.constantFrom(
          "text/plain",
          "application/xml",
          "text/xml",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "multipart/form-data; boundary=----x",
          "application/json; charset=utf-16",
          "application/json; charset=latin1",
          "APPLICATION/JSON",
          "application/json, text/plain",
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=shift_jis",
          "application/octet-stream",
          "application/vnd.api+json",
          "image/svg+xml",
          ";;;",
          "",
        ),
      )
      .map(([value, contentType]) => ({
        payload: contentType.startsWith("application/x-www-form")
          ? `${Object.keys(validBody)
              .map((key) => `${key}=${encode(String(validBody[key]))}`)
              .join("&")}&a[b][c]=1&__proto__[isAdmin]=1&constructor[prototype][x]=1&${encode(asText(value))}=%E0%A4%A`
          : contentType.includes("xml")
            ? `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;${asText(value)}</x>`
            : contentType.includes("utf-16")
              ? Buffer.from(JSON.stringify(validBody), "utf16le")
              : (JSON.stringify(value) ?? ""),
        contentType: contentType || undefined,
      })),
  );
}

/** A query string: real and made-up parameters, repeated, nested, badly percent-encoded. */
export function hostileQuery(fieldNames: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...fieldNames, "page", "page_size", "category", "q", "__proto__[isAdmin]", "constructor[prototype][x]", "a[b][c][d]", "page[]"),
    hostileString,
  );
  const pair = fc.oneof(
    fc.tuple(key, hostileString).map(([name, value]) => `${encode(name)}=${encode(value)}`),
    fc.constantFrom(
      "page=%",
      "page=%E0%A4%A",
      "page=%00",
      "%uD800=1",
      "page=1&page=2",
      "page=-1",
      "page=1e400",
      "page=0x10",
      "page_size=999999999999",
      "&&&",
      "=",
      "a=b=c",
    ),
  );
  return fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join("&"));
}

/** One path segment where an id belongs. */
export const hostileSegment = fc.oneof(
  hostileString.map(encode),
  fc.constantFrom(
    "%",
    "%00",
    "%2e%2e",
    "..",
    "%2F",
    "-1",
    "0",
    "1.5",
    "1e999",
    "99999999999999999999",
    "2147483648",
    "null",
    "undefined",
    "%E0%A4%A",
    "%uD800",
    "x".repeat(201),
  ),
);

/** Headers a client may send in any state: forged tokens and cookies, odd encodings, spoofed addresses. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    authorization: fc.oneof(
      hostileString.map((text) => `Bearer ${text}`),
      fc.constantFrom(
        "Bearer",
        "Bearer ",
        "Basic YWRtaW46YWRtaW4=",
        "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
        "Bearer a.b.c",
        `Bearer ${"a".repeat(10_000)}`,
      ),
    ),
    cookie: fc.oneof(
      fc.constantFrom("csrftoken=", "csrftoken=%ZZ", "admin_session=%00", "admin_session=x; admin_session=y", "a=b; ; ;=", `admin_session=${"a".repeat(4000)}`),
      hostileString.map((text) => `csrftoken=${encode(text)}; admin_session=${encode(text)}`),
    ),
    "x-csrftoken": hostileString.map(encode),
    "x-forwarded-for": fc.constantFrom("127.0.0.1", "::1, 10.0.0.1", "not-an-ip", "999.999.999.999"),
    "accept-language": fc.constantFrom("*", "zz-ZZ;q=abc", "en;q=0.5,".repeat(100)),
    accept: fc.constantFrom("*/*", "text/html", "application/xml", "image/webp;q=0"),
    "user-agent": hostileString.map((text) => text.replace(/[^\t\x20-\x7e]/g, "?").slice(0, 8000)),
    "content-encoding": fc.constantFrom("gzip", "br", "identity", "x-unknown"),
    host: hostileHost,
  },
  { requiredKeys: [] },
);

/** Text with a NUL in it somewhere: alone, at either end or inside, doubled, or beside a line break. */
export const textWithNul = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom("\u0000", "\u0000\u0000", "\u0000\n", "\r\n\u0000"), fc.string({ maxLength: 12 }))
  .map(([before, nul, after]) => before + nul + after);

/** Where an id or a count belongs, a number no int4 (serial) or bigint column holds, nor a JS number exactly. */
export const outOfRangeNumber = fc.oneof(
  fc.constantFrom("2147483648", "-2147483649", "4294967296", "9007199254740993", "9223372036854775808", "-9223372036854775809", "1e20", "0", "-1"),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
);
