import { Form, Link } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { SITE_COOKIES, SITE_WEB_STORAGE, type StoredItem } from "~/domain/site/site-storage";
import { useRootData } from "~/root";
import { LegalPage, ScrollTable, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Política de cookies | ${shop.name}`,
    description:
      "Qué cookies usa esta web (solo técnicas: su decisión sobre cookies, el carrito y la sesión), para qué sirven, cuánto duran y cómo cambiar su decisión.",
    baseUrl: shop.baseUrl,
    path: "/politica-cookies",
  });
};

const DECISION_TEXT = {
  accepted: "Ha aceptado las cookies.",
  rejected: "Ha rechazado las cookies que no son necesarias.",
} as const;

/** /politica-cookies (spec section 2; LSSI-CE art. 22.2): what is stored, and the decision. */
export default function CookiePolicy() {
  const shop = useShopInfo();
  const consent = useRootData()?.consent ?? null;
  const localItems = SITE_WEB_STORAGE.filter((item) => item.store === "localStorage");
  const sessionItems = SITE_WEB_STORAGE.filter((item) => item.store === "sessionStorage");
  return (
    <LegalPage
      title="Política de cookies"
      intro={
        <p>
          En esta página le explicamos qué son las cookies, cuáles usa la web de {shop.name} y cómo
          puede decidir sobre ellas, conforme al artículo 22.2 de la Ley 34/2002, de servicios de
          la sociedad de la información y de comercio electrónico (LSSI-CE), y a la guía sobre el
          uso de las cookies de la Agencia Española de Protección de Datos.
        </p>
      }
      sections={[
        {
          id: "que-son",
          title: "Qué son las cookies",
          content: (
            <p>
              Una cookie es un pequeño archivo que una web guarda en su navegador para recordar
              algo entre una página y la siguiente, por ejemplo qué ha añadido al carrito. Las
              cookies técnicas son las imprescindibles para que la web funcione o para darle un
              servicio que usted pide; la ley no exige su consentimiento para usarlas. Las demás
              (de análisis, de publicidad...) solo pueden usarse si usted las acepta.
            </p>
          ),
        },
        {
          id: "cookies-que-usamos",
          title: "Las cookies que usa esta web",
          content: (
            <>
              <p>
                Esta web usa <strong>solo cookies técnicas propias</strong>: las instala{" "}
                {shop.legalName}, titular de la web. No usamos cookies de análisis, de personalización ni de
                publicidad, y ningún tercero instala cookies a través de esta web.
              </p>
              <StorageTable label="Cookies que usa esta web" items={SITE_COOKIES} />
              <p>
                Si la web se sirve con conexión segura (https), los nombres de las cookies de
                sesión pueden llevar delante el prefijo «__Secure-», que obliga al navegador a
                enviarlas solo por conexiones cifradas.
              </p>
            </>
          ),
        },
        {
          id: "almacenamiento-local",
          title: "Almacenamiento del navegador",
          content: (
            <>
              <p>
                Además de las cookies, los navegadores permiten a las webs guardar datos en su
                almacenamiento local («localStorage»), que se conserva hasta que se borra, y en el
                de sesión («sessionStorage»), que se borra al cerrar la pestaña.
              </p>
              {localItems.length === 0 ? (
                <p>Esta web no guarda nada en el almacenamiento local (localStorage) de su navegador.</p>
              ) : (
                <StorageTable label="Datos del almacenamiento local (localStorage)" items={localItems} />
              )}
              {sessionItems.length === 0 ? (
                <p>Tampoco usa el almacenamiento de sesión (sessionStorage).</p>
              ) : (
                <>
                  <p>
                    Sí usa el almacenamiento de sesión, solo con estos datos técnicos, que no le
                    identifican ni se envían a nuestro servidor:
                  </p>
                  <StorageTable label="Datos del almacenamiento de sesión (sessionStorage)" items={sessionItems} />
                </>
              )}
            </>
          ),
        },
        {
          id: "terceros",
          title: "Servicios de terceros",
          content: (
            <p>
              Si elige «Continuar con Google» para iniciar sesión, o abre nuestro enlace de
              WhatsApp, pasará a una página de Google o de WhatsApp, que aplican sus propias
              políticas de cookies. Esas cookies las instalan ellos en sus dominios, no esta web.
            </p>
          ),
        },
        {
          id: "su-decision",
          title: "Su decisión sobre las cookies",
          content: <ConsentChoice consent={consent} />,
        },
        {
          id: "navegador",
          title: "Cómo borrar o bloquear cookies en su navegador",
          content: (
            <p>
              Puede borrar las cookies guardadas o bloquearlas desde la configuración de su
              navegador, normalmente en el apartado de privacidad o de datos de los sitios web. Si
              bloquea las cookies técnicas de esta web, no podrá usar el carrito ni iniciar sesión.
            </p>
          ),
        },
        {
          id: "mas-informacion",
          title: "Más información",
          content: (
            <p>
              Los datos personales que tratamos se explican en la{" "}
              <Link to="/politica-privacidad">Política de privacidad</Link>. Para cualquier duda
              sobre esta política puede escribirnos a <a href={`mailto:${shop.email}`}>{shop.email}</a>.
              Si algún día usamos otras cookies, actualizaremos esta página y le pediremos de nuevo
              su consentimiento antes de instalarlas.
            </p>
          ),
        },
      ]}
    />
  );
}

function StorageTable({ label, items }: { label: string; items: StoredItem[] }) {
  return (
    <ScrollTable label={label} stacked>
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">Nombre</th>
          <th scope="col">Titular</th>
          <th scope="col">Tipo</th>
          <th scope="col">Finalidad</th>
          <th scope="col">Duración</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.name}>
            <th scope="row">
              <code>{item.name}</code>
            </th>
            <td data-label="Titular">{item.owner}</td>
            <td data-label="Tipo">{item.kind}</td>
            <td data-label="Finalidad">{item.purpose}</td>
            <td data-label="Duración">{item.duration}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/**
 * The current decision and two buttons of equal weight to change it (AEPD guidance).
 * Before any decision the cookie banner is on screen with the same two choices, so the page
 * does not repeat them (two identical pairs of buttons would only confuse).
 */
function ConsentChoice({ consent }: { consent: "accepted" | "rejected" | null }) {
  return (
    <>
      <p>
        Hoy esta web no usa ninguna cookie que necesite su consentimiento, de modo que su decisión
        no cambia las cookies que se instalan. La guardamos durante 12 meses para respetarla: si
        en el futuro añadimos cookies no necesarias, solo se usarían si usted las acepta.
      </p>
      <p className="consent-status" role="status">
        <strong>Su decisión actual:</strong>{" "}
        {consent ? DECISION_TEXT[consent] : "todavía no ha decidido."}
      </p>
      {consent ? (
        <Form method="post" action="/cookies" className="consent-actions" preventScrollReset>
          <input type="hidden" name="redirectTo" value="/politica-cookies" />
          <button type="submit" name="decision" value="aceptar" className="button button-secondary">
            Aceptar cookies
          </button>
          <button type="submit" name="decision" value="rechazar" className="button button-secondary">
            Rechazar cookies
          </button>
        </Form>
      ) : (
        <p>Puede decidir con los botones «Aceptar» o «Rechazar» del aviso «Su privacidad», al pie de la pantalla.</p>
      )}
    </>
  );
}
