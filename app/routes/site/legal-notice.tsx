import { Link } from "react-router";
import { mailtoHref, telHref } from "~/domain/site/contact-links";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { LegalPage, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Aviso legal | ${shop.name}`,
    description:
      "Datos identificativos del titular de la web (artículo 10 de la LSSI-CE), condiciones de uso, propiedad intelectual, responsabilidad y ley aplicable.",
    baseUrl: shop.baseUrl,
    path: "/aviso-legal",
  });
};

/** /aviso-legal: LSSI-CE art. 10 identification, from configuration, and the terms of use. */
export default function LegalNotice() {
  const shop = useShopInfo();
  const site = shop.baseUrl.replace(/^https?:\/\//, "");
  return (
    <LegalPage
      title="Aviso legal"
      intro={
        <p>
          Este aviso legal regula el acceso y el uso del sitio web {site} (en adelante, «la web»).
          Navegar por la web le atribuye la condición de usuario e implica que acepta este aviso;
          si no está de acuerdo, le rogamos que no la utilice.
        </p>
      }
      sections={[
        {
          id: "titular",
          title: "Titular de la web",
          content: (
            <>
              <p>
                En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de
                la sociedad de la información y de comercio electrónico (LSSI-CE), estos son los
                datos del titular de la web:
              </p>
              <dl className="legal-data">
                <dt>Denominación social</dt>
                <dd>{shop.legalName}</dd>
                <dt>Nombre comercial</dt>
                <dd>{shop.name}</dd>
                <dt>NIF</dt>
                <dd>{shop.nif}</dd>
                <dt>Domicilio</dt>
                <dd>{shop.address}</dd>
                <dt>Datos registrales</dt>
                <dd>{shop.registry}</dd>
                <dt>Correo electrónico</dt>
                <dd>
                  <a href={mailtoHref(shop.email)}>{shop.email}</a>
                </dd>
                <dt>Teléfono</dt>
                <dd>
                  <a href={telHref(shop.phone)}>{shop.phone}</a>
                </dd>
                <dt>Actividad</dt>
                <dd>
                  Venta de equipos de calefacción y climatización; instalación, mantenimiento y
                  reparación de esos equipos, y reformas de vivienda.
                </dd>
              </dl>
            </>
          ),
        },
        {
          id: "uso",
          title: "Condiciones de uso",
          content: (
            <>
              <p>
                El usuario se compromete a usar la web y sus contenidos conforme a la ley, a este
                aviso legal, a la moral y al orden público. En particular, se compromete a:
              </p>
              <ul className="content-list">
                <li>dar datos ciertos y actuales en los formularios, y no usar datos de terceros sin su permiso;</li>
                <li>guardar en secreto la contraseña de su cuenta y avisarnos si sospecha que otra persona la conoce;</li>
                <li>
                  no dañar, sobrecargar ni inutilizar la web, no intentar acceder a zonas o datos
                  restringidos y no introducir virus ni programas dañinos;
                </li>
                <li>no enviar a través de la web publicidad ni contenidos ilícitos u ofensivos.</li>
              </ul>
              <p>
                Podemos suspender el acceso de quien incumpla estas condiciones. Las compras se
                rigen además por las <Link to="/condiciones-compra">condiciones de compra</Link>.
              </p>
            </>
          ),
        },
        {
          id: "propiedad-intelectual",
          title: "Propiedad intelectual e industrial",
          content: (
            <>
              <p>
                Los textos, el diseño, los logotipos propios, el código y el resto de contenidos de
                la web son de {shop.legalName} o se usan con autorización de sus titulares, y están
                protegidos por la normativa de propiedad intelectual e industrial. Puede verlos,
                imprimirlos y guardarlos para su uso personal; cualquier otra reproducción,
                distribución, comunicación pública o transformación necesita nuestro permiso por
                escrito.
              </p>
              <p>
                Las marcas y los nombres de productos de los fabricantes que aparecen en la web
                (como Saunier Duval, Baxi, Daikin o Mitsubishi) son de sus respectivos titulares y se
                citan solo para identificar los productos que vendemos.
              </p>
            </>
          ),
        },
        {
          id: "responsabilidad",
          title: "Responsabilidad",
          content: (
            <>
              <p>
                Cuidamos que la información de la web sea correcta y esté al día, pero puede
                contener errores, en especial en las características técnicas que facilitan los
                fabricantes. Si detecta alguno, le agradeceremos que nos avise. Lo que prevalece en
                una compra es lo que figura en su pedido y en las condiciones de compra.
              </p>
              <p>
                Procuramos que la web esté siempre disponible, pero puede interrumpirse por
                mantenimiento, por causas técnicas o por causas ajenas a nosotros. No respondemos
                de los daños que se deriven de esas interrupciones ni del mal uso de la web por los
                usuarios, salvo en los casos en que la ley lo establezca.
              </p>
              <p>
                La web contiene enlaces a sitios de terceros, como WhatsApp, Google o la Agencia
                Española de Protección de Datos. No controlamos su contenido ni respondemos de él,
                de acuerdo con el artículo 17 de la LSSI-CE; si tuviéramos conocimiento efectivo de
                que un sitio enlazado es ilícito, retiraríamos el enlace.
              </p>
            </>
          ),
        },
        {
          id: "datos-personales",
          title: "Datos personales y cookies",
          content: (
            <p>
              Cómo tratamos sus datos se explica en la{" "}
              <Link to="/politica-privacidad">Política de privacidad</Link>, y las cookies que usa
              la web, en la <Link to="/politica-cookies">Política de cookies</Link>.
            </p>
          ),
        },
        {
          id: "ley-aplicable",
          title: "Ley aplicable y jurisdicción",
          content: (
            <p>
              Este aviso legal se rige por la ley española. Para cualquier controversia sobre la
              web, si el usuario es consumidor, serán competentes los juzgados y tribunales de su
              domicilio; en los demás casos, los de Madrid.
            </p>
          ),
        },
      ]}
    />
  );
}
