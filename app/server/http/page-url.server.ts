/*
 * The address of the page a request is for, as the visitor sees it. Since React Router 8 a
 * loader or action gets the raw request: a client-side navigation asks for
 * "/login/pedidos.data?_routes=...", a page at "/" for "/_.data". Code that sends the visitor
 * back to a page (sign-in, re-authentication), reads a list's filters or decides by path must
 * use this, or "/login/pedidos.data" ends up in an address bar. The rule is React Router's
 * own (server-runtime getNormalizedPath): "/_.data" is "/", a ".data" suffix goes, and so does
 * the "_routes" parameter.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}
