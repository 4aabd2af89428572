import fc from "fast-check";

/*
 * Generators of hostile input for the property-based tests (tests/e2e/hardening-fuzz.spec.ts):
 * values that have broken parsers before, path segments and query strings with broken
 * escapes, and request bodies of every kind a client can send (wrong and missing content
 * types, broken multipart, bad %-escapes, bytes that are not UTF-8, over the size limit).
 */

/** Numbers at the edges of every integer type, special words, injections, dot segments. */
const EDGE_VALUES = [
  "",
  " ",
  "0",
  "-0",
  "-1",
  "1",
  "01",
  "1.5",
  "1e3",
  "1e309",
  "0x10",
  "2147483647",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "9223372036854775808",
  "99999999999999999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  ".",
  "..",
  "../..",
  "./",
  "\u0000",
  "\t",
  "\r\n",
  "\u202e",
  "\ufeff",
  "\ud800",
  "😀",
  "ñáéíóúü",
  "' OR '1'='1",
  "1; DROP TABLE products; --",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "data:text/html,<script>alert(1)</script>",
  "\t//evil.example",
  "/%09/evil.example",
  "calderas",
  "aires",
  "aerotermia",
  "termostatos",
  "instalaciones",
  "mantenimientos",
  "1201-101126",
  "99999-999999",
  "11111-221126",
  "hermann-micromaxi-1.svg",
];

/** Escapes that do not decode, and escapes that decode to something dangerous. */
export const BROKEN_ESCAPES = [
  "%",
  "%%",
  "%2",
  "%zz",
  "%E0%A4%A",
  "%E0%A4",
  "%C0%AF",
  "%C0%80",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%FF",
  "%FE%FF",
  "%00",
  "%0A",
  "%0D%0A",
  "%09",
  "%2e%2e",
  "%2E",
  "%2F",
  "%5C",
  "..%2f..%2f",
  "%252e%252e",
  "%u0041",
  "+",
];

/** Any text a client could send: edge values, Unicode, arbitrary code points, numbers, long runs. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_VALUES) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.double()).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "9", "ñ", "<", "%"), fc.integer({ min: 300, max: 6000 })).map(([c, n]) => c.repeat(n)) },
);

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 form but the unreserved ones (lone surrogates become U+FFFD). */
export function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A Latin-1 string of raw bytes 0x21-0xFF: the client sends them as they are (not UTF-8). */
const rawBytes = fc.array(fc.integer({ min: 0x21, max: 0xff }), { minLength: 1, maxLength: 12 }).map((codes) =>
  String.fromCharCode(...codes.filter((c) => c !== 0x2f && c !== 0x3f && c !== 0x23)),
);

/** One path segment as it travels on the wire. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: text.map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...BROKEN_ESCAPES) },
  { weight: 2, arbitrary: fc.tuple(text.map(percentEncode), fc.constantFrom(...BROKEN_ESCAPES), text.map(percentEncode)).map((p) => p.join("")) },
  { weight: 1, arbitrary: fc.constantFrom(".", "..", "", "...", ".%2e", "%2e.") },
  { weight: 1, arbitrary: rawBytes },
);

/** A value for a named route parameter: mostly hostile, sometimes a valid one to go deeper. */
export function paramValue(valid: readonly string[]): fc.Arbitrary<string> {
  return valid.length === 0
    ? pathSegment
    : fc.oneof({ weight: 3, arbitrary: pathSegment }, { weight: 1, arbitrary: fc.constantFrom(...valid) });
}

/** A splat ("*"): several segments, dot segments and empty ones included. */
export function splatValue(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.array(pathSegment, { minLength: 0, maxLength: 5 }).map((s) => s.join("/")) },
    { weight: 2, arbitrary: valid.length ? fc.constantFrom(...valid) : fc.constant("") },
    {
      weight: 1,
      arbitrary: fc.tuple(valid.length ? fc.constantFrom(...valid) : fc.constant(""), pathSegment).map(([a, b]) => `${a}/${b}`),
    },
  );
}

/** A query string: known keys of the route and random ones, values hostile, escapes broken or not. */
export function queryString(keys: readonly string[], validValues: readonly string[] = []): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: text });
  const value = validValues.length ? fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...validValues) }) : text;
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, value).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`) },
    { weight: 1, arbitrary: fc.tuple(key, fc.constantFrom(...BROKEN_ESCAPES)).map(([k, v]) => `${percentEncode(k)}=${v}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BROKEN_ESCAPES), text).map(([k, v]) => `${k}=${percentEncode(v)}`) },
    { weight: 1, arbitrary: fc.tuple(key, rawBytes).map(([k, v]) => `${percentEncode(k)}=${v}`) },
    { weight: 1, arbitrary: key.map((k) => percentEncode(k)) },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => `?${pairs.join("&")}`) },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&", "?=", "?&&=&", "??", "?#") },
  );
}

export type Fields = Array<[string, string]>;

/**
 * A form derived from a valid one: fields dropped, values replaced by hostile text, extra
 * and repeated fields. Starting from a valid form lets the fuzzing reach past the first check.
 */
export function mutatedFields(valid: Fields, extraNames: readonly string[]): fc.Arbitrary<Fields> {
  const names = [...new Set([...valid.map(([name]) => name), ...extraNames, "_", "__proto__"])];
  return fc
    .record({
      keep: fc.array(fc.boolean(), { minLength: valid.length, maxLength: valid.length }),
      replaced: fc.array(fc.option(text, { freq: 2 }), { minLength: valid.length, maxLength: valid.length }),
      extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), text), text), { maxLength: 4 }),
    })
    .map(({ keep, replaced, extra }) => [
      ...valid.flatMap(([name, value], i): Fields => (keep[i] ? [[name, replaced[i] ?? value]] : [])),
      ...extra,
    ]);
}

export type FuzzBody = { label: string; contentType?: string; body?: Buffer; chunked?: boolean };

const CRLF = "\r\n";

function urlEncoded(fields: Fields): string {
  return fields.map(([k, v]) => `${percentEncode(k).replace(/%20/g, "+")}=${percentEncode(v).replace(/%20/g, "+")}`).join("&");
}

function multipart(fields: Fields, boundary: string): string {
  const parts = fields.map(([k, v], i) =>
    i % 3 === 2
      ? `--${boundary}${CRLF}Content-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"; filename="a.txt"${CRLF}Content-Type: text/plain${CRLF}${CRLF}${v}${CRLF}`
      : `--${boundary}${CRLF}Content-Disposition: form-data; name="${k.replace(/["\r\n]/g, "")}"${CRLF}${CRLF}${v}${CRLF}`,
  );
  return `${parts.join("")}--${boundary}--${CRLF}`;
}

/** Content types a client may claim, right or wrong (header-safe). */
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
  "application/x-www-form-urlencoded; charset=latin1",
  "application/x-www-form-urlencoded; charset=utf-16",
  "APPLICATION/X-WWW-FORM-URLENCODED",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  'multipart/form-data; boundary="',
  "multipart/mixed; boundary=x",
  "application/json",
  "application/json; charset=utf-8",
  "application/ld+json",
  "text/plain",
  "text/html",
  "text/xml",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "application/x-www-form-urlencoded, application/json",
  ";",
  "*/*",
  "",
  "form",
];

/** A huge body: just over the 1 MB form limit, or well over it. */
const hugeLength = fc.constantFrom(1_000_001, 1_048_577, 1_500_000);

/** Every kind of body, built around the given fields. */
export function requestBody(fields: fc.Arbitrary<Fields>): fc.Arbitrary<FuzzBody> {
  const boundary = fc.constantFrom("----fuzz", "x", "a".repeat(70), "--", "ñ");
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((f): FuzzBody => ({ label: "urlencoded", contentType: "application/x-www-form-urlencoded", body: Buffer.from(urlEncoded(f)) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom(...BROKEN_ESCAPES), fc.nat())
        .map(([f, bad, at]): FuzzBody => {
          const encoded = urlEncoded(f);
          const cut = encoded.length ? at % encoded.length : 0;
          return { label: "urlencoded con escapes rotos", contentType: "application/x-www-form-urlencoded", body: Buffer.from(encoded.slice(0, cut) + bad + encoded.slice(cut)) };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.uint8Array({ minLength: 1, maxLength: 8 }))
        .map(([f, bytes]): FuzzBody => ({ label: "urlencoded con bytes no UTF-8", contentType: "application/x-www-form-urlencoded", body: Buffer.concat([Buffer.from(urlEncoded(f) + "&x="), Buffer.from(bytes.map((b) => b | 0x80))]) })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fields, boundary)
        .map(([f, b]): FuzzBody => ({ label: "multipart", contentType: `multipart/form-data; boundary=${b}`, body: Buffer.from(multipart(f, b)) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, boundary, fc.constantFrom("otro", "sin-cierre", "recortado", "sin-crlf", "no-utf8"))
        .map(([f, b, how]): FuzzBody => {
          const good = multipart(f, b);
          const body =
            how === "otro"
              ? Buffer.from(multipart(f, "otro-limite"))
              : how === "sin-cierre"
                ? Buffer.from(good.replace(`--${b}--${CRLF}`, ""))
                : how === "recortado"
                  ? Buffer.from(good.slice(0, Math.floor(good.length / 2)))
                  : how === "sin-crlf"
                    ? Buffer.from(good.replaceAll(CRLF, "\n"))
                    : Buffer.concat([Buffer.from(`--${b}${CRLF}Content-Disposition: form-data; name="x"${CRLF}${CRLF}`), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(`${CRLF}--${b}--${CRLF}`)]);
          return { label: `multipart roto (${how})`, contentType: `multipart/form-data; boundary=${b}`, body };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("object", "array", "types"))
        .map(([f, shape]): FuzzBody => {
          const value =
            shape === "array"
              ? f
              : shape === "types"
                ? Object.fromEntries(f.map(([k, v], i) => [k, [Number(v), [v], { v }, null, true][i % 5]]))
                : Object.fromEntries(f);
          return { label: `json (${shape})`, contentType: "application/json", body: Buffer.from(JSON.stringify(value)) };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(fields.map(urlEncoded), text, fc.constantFrom("{", '{"a":', "null", "[]", "\u0000")))
        .map(([type, body]): FuzzBody => ({ label: `tipo ${JSON.stringify(type)}`, contentType: type || undefined, body: Buffer.from(body) })),
    },
    { weight: 1, arbitrary: fields.map((f): FuzzBody => ({ label: "sin Content-Type", body: Buffer.from(urlEncoded(f)) })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ label: "sin cuerpo", contentType: "application/x-www-form-urlencoded" }) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ label: "sin cuerpo ni tipo" }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hugeLength, fc.boolean(), fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json"))
        .map(([size, chunked, type]): FuzzBody => ({ label: `enorme (${size} bytes${chunked ? ", chunked" : ""})`, contentType: type, body: Buffer.alloc(size, "a"), chunked })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 501, max: 3000 })
        .map((n): FuzzBody => ({ label: `${n} campos`, contentType: "application/x-www-form-urlencoded", body: Buffer.from(Array.from({ length: n }, (_, i) => `c${i}=${i}`).join("&")) })),
    },
  );
}

/**
 * Headers that say where the request is for and who sent it, broken (now and then: most
 * requests must get past them). "Host: a b" was a 500 before the error page knew it.
 */
const addressingHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        Host: fc.constantFrom("a b", "[::1", "%zz", "evil.example", "127.0.0.1:99999", ":80", "a:b:c", "[::1]:3000", "xn--", "a/b", "a@b"),
        "X-Forwarded-Host": fc.constantFrom("a b", "[", "evil.example", "evil.example:99999", "a, b", ""),
        "X-Forwarded-Proto": fc.constantFrom("ht tp", "javascript", "https", "https, http", "", "1"),
        "X-Forwarded-For": fc.constantFrom("no-es-una-ip", "1.2.3.4, [", "::ffff:1.2.3.4", "300.1.1.1", "", "unknown"),
        Forwarded: fc.constantFrom("host=[", "for=unknown;proto=ht tp", 'for="[::1]"'),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Headers a client may add: JSON wanted, garbage cookies, odd Accept-Language, broken addressing. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      Accept: fc.constantFrom("application/json", "text/html", "*/*", "text/x-component", ""),
      Cookie: fc
        .array(
          fc.tuple(
            fc.constantFrom("carrito", "cookie_consent", "better-auth.session_token", "better-auth.state", "__Secure-better-auth.session_token", "x"),
            fc.oneof(text, fc.constantFrom("eyJpZCI6MX0=", "e30=", "bnVsbA==", "W10=", "%", "\"")),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((pairs) => pairs.map(([k, v]) => `${k}=${percentEncode(v).slice(0, 2000)}`).join("; ")),
      "Accept-Language": fc.constantFrom("es-ES", "en", "*", "zz-ZZ;q=x"),
    },
    { requiredKeys: [] },
  )
  .chain((headers) => addressingHeaders.map((addressing) => ({ ...headers, ...addressing })))
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([name, v]) => v !== "" || name === "X-Forwarded-Host")));
