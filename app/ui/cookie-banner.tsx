import { Link, useFetcher, useLocation } from "react-router";

/**
 * Shown until the visitor decides. "Aceptar" and "Rechazar" look the same (AEPD guidance,
 * 2023). A plain form post without JavaScript; with it, a fetcher so the page stays put.
 * Fixed to the bottom of the window, so it never shifts the layout.
 */
export function CookieBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookies-titulo">
      <div className="container cookie-inner">
        <div>
          <h2 id="cookies-titulo" className="cookie-title">
            Su privacidad
          </h2>
          <p>
            Usamos solo las cookies técnicas necesarias para que la tienda funcione (carrito,
            inicio de sesión y su elección sobre cookies). No usamos cookies de análisis ni de
            publicidad sin su consentimiento. Más información en la{" "}
            <Link to="/politica-cookies">Política de cookies</Link>.
          </p>
        </div>
        <fetcher.Form method="post" action="/cookies" className="cookie-actions">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" name="decision" value="rechazar" className="button button-secondary">
            Rechazar
          </button>
          <button type="submit" name="decision" value="aceptar" className="button button-secondary">
            Aceptar
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
