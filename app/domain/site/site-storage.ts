/*
 * Everything the site stores in the visitor's browser, as the cookie policy lists it
 * (LSSI-CE art. 22.2; AEPD "Guía sobre el uso de las cookies", 2023). Whoever adds a cookie
 * or a use of localStorage/sessionStorage adds it here in the same change: the policy page
 * (/politica-cookies) is rendered from this list.
 * Sources: app/server/cookies.server.ts (cookie_consent, carrito), app/server/catalogue/
 * comparison.server.ts (comparar), app/server/visits/booking-token.server.ts (reserva_visita) and better-auth's own
 * cookies (app/server/auth.server.ts: 30-day sessions; Google sign-in state).
 */
export type StoredItem = {
  name: string;
  /** Who sets it: always us (first party); no third party sets anything on this site. */
  owner: string;
  kind: "Técnica (necesaria)";
  purpose: string;
  duration: string;
};

export const SITE_COOKIES: StoredItem[] = [
  {
    name: "cookie_consent",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose: "Guarda su decisión sobre las cookies (aceptar o rechazar) para no volver a preguntarle en cada página.",
    duration: "12 meses",
  },
  {
    name: "carrito",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose: "Identifica su carrito para que los productos y servicios que añade sigan en él mientras navega.",
    duration: "Sesión del navegador (se borra al cerrarlo)",
  },
  {
    name: "comparar",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Solo si pulsa «Comparar» en un producto: recuerda los productos (hasta 4) que va eligiendo para la comparación.",
    duration: "Sesión del navegador (se borra al cerrarlo)",
  },
  {
    name: "reserva_visita",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Solo después de enviarnos una solicitud de presupuesto: permite elegir el día de la visita gratuita para esa solicitud desde este navegador.",
    duration: "2 horas",
  },
  {
    name: "better-auth.session_token",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Mantiene la sesión iniciada en su cuenta de cliente (para hacer pedidos y ver «Mis Pedidos»). Solo se instala al iniciar sesión y se borra al cerrarla.",
    duration: "30 días",
  },
  {
    name: "better-auth.state",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Solo si inicia sesión con su cuenta de Google: protege ese proceso comprobando que la respuesta de Google corresponde a la petición que usted hizo.",
    duration: "5 minutos, mientras dura el inicio de sesión con Google",
  },
];

export type WebStorageItem = StoredItem & { store: "localStorage" | "sessionStorage" };

/**
 * Keys in the browser's web storage. The spec's cookieConsent and basket live in the cookies above
 * (docs/deviations.md); React Router's <ScrollRestoration> and its route discovery write two
 * keys to sessionStorage, and the campaign pop-ups (app/ui/site/campaign-popups.tsx) their "closed"
 * marks. Nothing goes to localStorage.
 */
export const SITE_WEB_STORAGE: WebStorageItem[] = [
  {
    name: "react-router-scroll-positions",
    store: "sessionStorage",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Recuerda hasta dónde había bajado en cada página, para devolverle a ese punto cuando usa los botones Atrás y Adelante del navegador.",
    duration: "Sesión: se borra al cerrar la pestaña",
  },
  {
    name: "react-router-manifest-version",
    store: "sessionStorage",
    owner: "Propia",
    kind: "Técnica (necesaria)",
    purpose:
      "Solo si publicamos una versión nueva de la web mientras usted navega: anota la versión para cargarla una sola vez, sin recargas repetidas.",
    duration: "Sesión: se borra al cerrar la pestaña",
  },
  ...(
    [
      ["campana-calderas-cerrada", "calderas"],
      ["campana-aires-cerrada", "aire acondicionado"],
      ["campana-aerotermia-cerrada", "aerotermia"],
    ] as const
  ).map(
    ([name, topic]): WebStorageItem => ({
      name,
      store: "sessionStorage",
      owner: "Propia",
      kind: "Técnica (necesaria)",
      purpose: `Solo si hay una promoción de ${topic} en curso: recuerda que ha cerrado su ventana emergente para no volver a mostrársela.`,
      duration: "Sesión: se borra al cerrar la pestaña",
    }),
  ),
];
