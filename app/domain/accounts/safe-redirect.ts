/**
 * The one check for every redirect target that comes from a request (a form field, a query
 * parameter). The value is parsed as the browser will parse a Location header, with the
 * WHATWG URL parser: it drops tabs and newlines anywhere, trims control characters and
 * spaces at the ends, and reads "\" as "/" in http(s) URLs. So "/\tevil.example" or
 * "/\\evil.example" become "//evil.example", another site, and are refused. What is kept
 * is the parsed path, query and fragment of this site, so the Location we send is exactly
 * what was checked.
 */
const PROBE_ORIGIN = "https://termoclima.invalid";

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  // Only site-relative paths: no scheme, no "//host", nothing the parser would turn into one.
  // eslint-disable-next-line no-control-regex -- the parser's own rule: C0 controls and space are trimmed
  if (!value.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, "").startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, `${PROBE_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A path that starts with "//" or "/\" would be read as another host by a later parse.
  if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
