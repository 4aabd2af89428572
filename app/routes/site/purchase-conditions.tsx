import { Link } from "react-router";
import { mailtoHref, telHref } from "~/domain/site/contact-links";
import { INSTALLATION_PRICE_CENTS, MAINTAINED_FAMILIES, MAINTENANCE_PRICE_CENTS, SHIPPING_LARGE_CENTS, SHIPPING_SMALL_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import { FAMILIES } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { INSTALLATION_INCLUDES, INSTALLATION_TITLES, MAINTENANCE_INCLUDES, MAINTENANCE_TITLES } from "~/domain/site/services";
import { withdrawalInformation, withdrawalModelForm, type Trader } from "~/domain/orders/withdrawal-terms";
import { LegalPage, ScrollTable, asSentence, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/purchase-conditions";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Condiciones de compra | ${shop.name}`,
    description:
      "Condiciones de compra: precios con IVA, gastos de envío, pago por transferencia, plazos de entrega, desistimiento en 14 días naturales con modelo de formulario, devoluciones, reembolsos y garantías.",
    baseUrl: shop.baseUrl,
    path: "/condiciones-compra",
  });
};

/** The subheadings inside the model withdrawal information (domain/withdrawal-terms.ts). */
const WITHDRAWAL_HEADINGS = new Set(["Derecho de desistimiento", "Consecuencias del desistimiento"]);

/** /condiciones-compra (spec section 9, "Legal terms"). */
export default function PurchaseConditions() {
  const shop = useShopInfo();
  const trader: Trader = { legalName: shop.legalName, address: shop.address, email: shop.email, phone: shop.phone };
  const mail = <a href={mailtoHref(shop.email)}>{shop.email}</a>;
  const phone = <a href={telHref(shop.phone)}>{shop.phone}</a>;
  const [, ...modelForm] = withdrawalModelForm(trader);
  return (
    <LegalPage
      title="Condiciones de compra"
      intro={
        <p>
          Estas condiciones regulan las compras de productos y la contratación de servicios en la
          web de {shop.name}. Le pedimos que las lea antes de hacer su pedido: al confirmarlo
          marca la casilla con la que declara haberlas leído y aceptado. Puede guardarlas o
          imprimirlas; las que se aplican a su pedido son las vigentes el día en que lo hace.
        </p>
      }
      sections={[
        {
          id: "vendedor",
          title: "Quién le vende",
          content: (
            <>
              <p>
                El vendedor es <strong>{shop.legalName}</strong>, con NIF {shop.nif} y domicilio en{" "}
                {shop.address}, inscrita en el {shop.registry}. Puede contactar con nosotros en {mail}{" "}
                o en el teléfono {phone} ({shop.hoursSupport.toLowerCase()}).
              </p>
              <p>
                Vendemos a particulares (consumidores) y a profesionales, como distribuidores e
                instaladores. Cuando una condición se aplica solo a unos o a otros, lo indicamos. Los
                derechos que la ley reconoce a los consumidores, en particular el Real Decreto
                Legislativo 1/2007 (Ley General para la Defensa de los Consumidores y Usuarios), no
                se ven limitados por nada de lo que dicen estas condiciones.
              </p>
            </>
          ),
        },
        {
          id: "pedido",
          title: "Cómo se hace un pedido",
          content: (
            <>
              <ol className="content-list">
                <li>Añada al carrito los productos y, si lo desea, su instalación y mantenimiento.</li>
                <li>En el carrito, pulse «Pedir Presupuesto». Para seguir necesita iniciar sesión o crear su cuenta.</li>
                <li>Indique la dirección de envío y la de facturación y elija la forma de pago.</li>
                <li>
                  Revise el pedido, acepte estas condiciones y confírmelo. Hasta ese momento puede
                  corregir cualquier dato o volver al carrito.
                </li>
              </ol>
              <p>
                Al confirmarlo el pedido queda registrado con su número, en estado «Pendiente de
                Pago», y le enviamos un correo electrónico con su contenido. Guardamos el documento
                del pedido y puede consultarlo cuando quiera en «Mis Pedidos», dentro de su{" "}
                <Link to="/login">área de cliente</Link>. El contrato se celebra en español.
              </p>
            </>
          ),
        },
        {
          id: "precios",
          title: "Precios, impuestos y gastos de envío",
          content: (
            <>
              <p>
                Los precios se expresan en euros e <strong>incluyen el IVA (21 %)</strong>. En el
                carrito y en el pedido verá también el total sin IVA. Los gastos de envío se suman
                al precio y se muestran antes de confirmar el pedido:
              </p>
              <ul className="content-list">
                <li>
                  Calderas, aires acondicionados y equipos de aerotermia (bulto grande):{" "}
                  <strong>{formatEuros(SHIPPING_LARGE_CENTS)}</strong>.
                </li>
                <li>
                  Otros productos, como los termostatos (bulto pequeño):{" "}
                  <strong>{formatEuros(SHIPPING_SMALL_CENTS)}</strong>.
                </li>
                <li>La instalación y el mantenimiento no tienen gastos de envío.</li>
              </ul>
              <ServicePrices />
            </>
          ),
        },
        {
          id: "pago",
          title: "Formas de pago",
          content: (
            <p>
              El pago se hace por <strong>transferencia bancaria</strong>. Al confirmar el pedido le
              mostramos, y le enviamos por correo, la cuenta en la que hacerla y el concepto que debe
              indicar: el número de pedido. El
              pedido sigue «Pendiente de Pago» hasta que recibimos la transferencia, y a partir de
              ese momento lo preparamos. El pago con tarjeta y con Bizum está en pruebas y todavía
              no se puede usar.
            </p>
          ),
        },
        {
          id: "entrega",
          title: "Envío y plazo de entrega",
          content: (
            <>
              <p>
                Enviamos a toda España. El plazo de entrega es de <strong>1 a 5 días</strong> desde
                que recibimos el pago; lo habitual es entregar en 3-5 días laborables. Es un plazo
                orientativo que no podemos garantizar, porque depende de la agencia de transporte y
                de la disponibilidad del fabricante.
              </p>
              <p>
                Si no pudiéramos entregar su pedido, se lo diremos en cuanto lo sepamos. En todo
                caso, si no lo entregamos en 30 días naturales desde el contrato, o en el plazo
                adicional que usted nos conceda, podrá resolver el contrato y le devolveremos lo
                pagado sin demora (artículo 66 bis de la Ley General para la Defensa de los
                Consumidores y Usuarios).
              </p>
            </>
          ),
        },
        {
          id: "recepcion",
          title: "Al recibir el pedido",
          content: (
            <>
              <p>
                Le pedimos que <strong>revise la mercancía en las 72 horas</strong> siguientes a la
                entrega y nos avise de cualquier incidencia (un producto que no es el pedido, que
                falta o que no funciona).
              </p>
              <p>
                Si el embalaje llega dañado, indíquelo en el albarán del transportista al recibirlo
                y <strong>comuníquenos los daños del transporte en las 24 horas</strong> siguientes,
                con fotos si es posible: es el plazo que tenemos para reclamar a la agencia de
                transporte. Estos plazos sirven para resolver antes su incidencia; si es usted
                consumidor, no limitan su garantía legal ni su derecho de desistimiento.
              </p>
            </>
          ),
        },
        {
          id: "instalacion",
          title: "Instalación y mantenimiento",
          content: (
            <>
              <p>
                Los servicios de instalación y de mantenimiento se prestan{" "}
                <strong>solo en la {shop.serviceArea}</strong>. Al contratarlos se elige esa
                comunidad; si la dirección del pedido está en otra, no podemos prestarlos.
              </p>
              <p>
                Después de la compra, el instalador le llama un par de días antes de la instalación
                para acordar el día y la hora. Si en los 7 días siguientes a su compra nadie le ha
                llamado, llámenos usted al {phone}. Cuando la instalación sigue a un presupuesto
                confirmado, la hacemos en 24-48 horas.
              </p>
              <h3>Qué incluye la instalación básica</h3>
              <ul className="content-list">
                {FAMILIES.map((family) => (
                  <li key={family}>
                    <strong>{INSTALLATION_TITLES[family]}</strong>: {INSTALLATION_INCLUDES[family]}
                  </li>
                ))}
              </ul>
              <h3>Qué incluye el mantenimiento anual</h3>
              <ul className="content-list">
                {MAINTAINED_FAMILIES.map((family) => (
                  <li key={family}>
                    <strong>{MAINTENANCE_TITLES[family]}</strong>: {asSentence(MAINTENANCE_INCLUDES[family])}
                  </li>
                ))}
              </ul>
              <h3>Inspecciones obligatorias</h3>
              <p>
                El Reglamento de Instalaciones Térmicas en los Edificios (RITE, Real Decreto
                1027/2007) obliga al titular de la instalación a mantenerla y revisarla: las
                calderas, cada 2 años, y los calentadores de agua, cada 5 años. Nuestro
                mantenimiento anual le ayuda a cumplir con estas revisiones.
              </p>
            </>
          ),
        },
        {
          id: "desistimiento",
          title: "Derecho de desistimiento",
          content: (
            <>
              <p>
                Si es usted consumidor, puede desistir de su compra en un plazo de{" "}
                <strong>14 días naturales</strong> sin dar ninguna razón. Le informamos de ello con
                el modelo de información de la normativa de consumo:
              </p>
              <div className="legal-quote">
                {withdrawalInformation(trader).map((line) =>
                  WITHDRAWAL_HEADINGS.has(line) ? <h3 key={line}>{line}</h3> : <p key={line}>{line}</p>,
                )}
              </div>
              <h3>Cómo desistir desde su área de cliente</h3>
              <p>
                La forma más rápida es la función «Desistir del contrato»: entre en su{" "}
                <Link to="/login">área de cliente</Link>, abra el pedido en «Mis Pedidos» y pulse
                «Desistir del contrato». Queda registrado con la fecha y la hora, y le enviamos un
                acuse de recibo por correo electrónico. También puede usar el modelo de formulario
                de esta página o escribirnos a {mail}.
              </p>
              <h3>Cómo devolver los productos</h3>
              <p>
                Devuélvanos los productos en los 14 días siguientes a comunicarnos el desistimiento,
                a {shop.legalName}, {shop.address}, completos y, si es posible, en su embalaje. Los{" "}
                <strong>gastos de devolución corren a su cargo</strong>; las calderas, los aires
                acondicionados y los equipos de aerotermia no pueden enviarse por correo postal y
                necesitan una agencia de transporte. Antes de enviarlos, escríbanos y le indicamos
                cómo hacerlo.
              </p>
            </>
          ),
        },
        {
          id: "reembolsos",
          title: "Reembolsos",
          content: (
            <>
              <p>
                Devolvemos el dinero por el mismo medio con el que pagó, salvo que usted nos pida
                expresamente otro, y sin ningún coste para usted. Una vez que ordenamos el reembolso,
                llega:
              </p>
              <ul className="content-list">
                <li>
                  a la <strong>tarjeta</strong>, en 48 a 72 horas;
                </li>
                <li>
                  por <strong>transferencia</strong>, en un máximo de 48 horas hábiles.
                </li>
              </ul>
              <p>
                Si anula un pedido pagado por transferencia, procuramos devolverle el importe en 7
                días y, como máximo, en 30 días. Si es usted consumidor y la anulación o la
                devolución es un desistimiento, el plazo máximo es siempre el legal: 14 días
                naturales desde que nos lo comunica, aunque podemos esperar a recibir los productos
                o la prueba de que los ha enviado.
              </p>
            </>
          ),
        },
        {
          id: "formulario-desistimiento",
          title: "Modelo de formulario de desistimiento",
          content: (
            <div className="legal-form-model">
              {modelForm.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ),
        },
        {
          id: "distribuidores",
          title: "Devoluciones de distribuidores y profesionales",
          content: (
            <p>
              El derecho de desistimiento es un derecho de los consumidores. A los distribuidores y
              demás clientes profesionales les aceptamos devoluciones en los{" "}
              <strong>30 días</strong> siguientes a la entrega, solo de productos{" "}
              <strong>sin abrir</strong> y en su embalaje original. Pídanos la devolución por correo
              electrónico antes de enviar nada.
            </p>
          ),
        },
        {
          id: "garantia",
          title: "Garantía",
          content: (
            <>
              <p>
                Los productos que vendemos a consumidores tienen la garantía legal de conformidad de{" "}
                <strong>3 años desde la entrega</strong> (artículos 114 y siguientes de la Ley
                General para la Defensa de los Consumidores y Usuarios): si un producto no es
                conforme con el contrato, tiene derecho a que se repare o sustituya y, si no es
                posible, a una rebaja del precio o a resolver el contrato. Si la instalación la
                hacemos nosotros, los defectos de una instalación incorrecta se tratan igual que los
                del producto.
              </p>
              <p>
                Además, las calderas que instalamos tienen nuestra garantía comercial de{" "}
                <strong>6 meses en mano de obra y 2 años en piezas</strong>, y muchos fabricantes
                ofrecen garantías propias. Estas garantías se suman a la legal y no la limitan. Para
                usar cualquiera de ellas, escríbanos a {mail} o llámenos al {phone}.
              </p>
            </>
          ),
        },
        {
          id: "copia-privada",
          title: "Compensación por copia privada",
          content: (
            <p>
              Cuando un producto esté sujeto a la compensación equitativa por copia privada
              (artículo 25 del texto refundido de la Ley de Propiedad Intelectual), su precio la
              incluye. Las empresas y los profesionales exentos deben acreditar la exención antes de
              la compra, enviándonos el certificado de exceptuación correspondiente; sin él, tenemos
              que repercutir la compensación.
            </p>
          ),
        },
        {
          id: "contacto-devoluciones",
          title: "Contacto para devoluciones y reclamaciones",
          content: (
            <>
              <p>Para desistir, devolver un producto, usar la garantía o hacer una reclamación:</p>
              <dl className="legal-data">
                <dt>Correo electrónico</dt>
                <dd>{mail}</dd>
                <dt>Teléfono</dt>
                <dd>
                  {phone} ({shop.hoursSupport.toLowerCase()})
                </dd>
                <dt>Dirección postal</dt>
                <dd>
                  {shop.legalName}, {shop.address}
                </dd>
              </dl>
              <p>
                Contestamos las reclamaciones lo antes posible y siempre dentro del plazo legal. Tiene a su disposición hojas de reclamaciones. Si no queda satisfecho con
                nuestra respuesta, puede acudir a los servicios de consumo de su comunidad autónoma
                o de su ayuntamiento, o a la Junta Arbitral de Consumo.
              </p>
            </>
          ),
        },
        {
          id: "ley",
          title: "Ley aplicable y tribunales",
          content: (
            <p>
              Estas condiciones se rigen por la ley española. Si es usted consumidor, podrá
              reclamar ante los juzgados de su domicilio. Con los clientes profesionales, las partes
              se someten a los juzgados y tribunales de Madrid.
            </p>
          ),
        },
      ]}
    />
  );
}

/** Installation and maintenance prices (spec section 9), VAT included. */
function ServicePrices() {
  return (
    <ScrollTable label="Precios de instalación y mantenimiento">
      <caption>Instalación y mantenimiento (IVA incluido; solo en Madrid)</caption>
      <thead>
        <tr>
          <th scope="col">Servicio</th>
          <th scope="col">Precio</th>
        </tr>
      </thead>
      <tbody>
        {FAMILIES.map((family) => (
          <tr key={`instalacion-${family}`}>
            <th scope="row">{INSTALLATION_TITLES[family]}</th>
            <td>{formatEuros(INSTALLATION_PRICE_CENTS[family])}</td>
          </tr>
        ))}
        {MAINTAINED_FAMILIES.map((family) => (
          <tr key={`mantenimiento-${family}`}>
            <th scope="row">{MAINTENANCE_TITLES[family]}</th>
            <td>{formatEuros(MAINTENANCE_PRICE_CENTS[family] ?? 0)} al año</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
