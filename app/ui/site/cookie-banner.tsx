import { Link, useFetcher, useLocation } from "react-router";
import { rememberDecision } from "./consent-state";
import { useHydrated } from "../use-hydrated";

/**
 * Shown until the visitor decides. "Aceptar" and "Rechazar" look the same (AEPD guidance,
 * 2023). A plain form post without JavaScript (the server answers with a redirect back);
 * with it, a fetcher whose post answers with data, so the page stays put and a link
 * followed at once is not undone by a redirect. The decision is remembered in the page
 * at the click (consent-state.ts), so the banner never comes back while the post is on
 * its way. Fixed to the bottom of the window, so it never shifts the layout.
 */
/** At submit, not at click: the post is on its way before the banner unmounts (fetchers outlive it). */
function remember(event: React.FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const value = submitter instanceof HTMLButtonElement ? submitter.value : null;
  if (value === "aceptar") rememberDecision("accepted");
  if (value === "rechazar") rememberDecision("rejected");
}

export function CookieBanner() {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
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
        <fetcher.Form method="post" action="/cookies" className="cookie-actions" onSubmit={remember}>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <button
            type="submit"
            name="decision"
            value="rechazar"
            className="button button-secondary"
          >
            Rechazar
          </button>
          <button
            type="submit"
            name="decision"
            value="aceptar"
            className="button button-secondary"
          >
            Aceptar
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
