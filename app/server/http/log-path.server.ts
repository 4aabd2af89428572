/*
 * The path a request line logs (issue 17's review): without the query, and with the secret of
 * the addresses that are keys in themselves cut to its first 4 characters: a customer's quote
 * (/presupuestos/<clave>, its PDFs and payment pages), a visit (/visita/<clave>), a technician's
 * calendar feed (/calendario/<clave>.ics), a back-in-stock link, a password reset link. Whoever
 * reads the logs must not be able to open them.
 */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/presupuestos\/)([^/]+)/,
  /^(\/visita\/)(?!reservar(?:\/|$))([^/]+)/,
  /^(\/calendario\/)([^/]+)/,
  /^(\/avisos-disponibilidad\/[^/]+\/)([^/]+)/,
  /^(\/api\/auth\/reset-password\/)([^/]+)/,
];

export function loggedPath(url: string): string {
  const path = url.split("?")[0] ?? "/";
  for (const pattern of SECRET_SEGMENTS) {
    const match = pattern.exec(path);
    if (match) return path.replace(pattern, (_, prefix: string, secret: string) => `${prefix}${secret.slice(0, 4)}…`);
  }
  return path;
}
