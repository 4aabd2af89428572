import { Link } from "react-router";
import { mailtoHref } from "~/domain/site/contact-links";
import { RETENTION, rateLimitRetentionMinutes, spanishPeriod } from "~/domain/site/retention";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { LegalPage, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Política de privacidad | ${shop.name}`,
    description:
      "Quién trata sus datos, para qué y con qué base legal, a quién se comunican, cuánto tiempo se conservan y cómo ejercer sus derechos de protección de datos.",
    baseUrl: shop.baseUrl,
    path: "/politica-privacidad",
  });
};

type Processing = { title: string; data: string; purpose: string; basis: React.ReactNode; retention: string };

/** Every processing of personal data the site does (RGPD art. 13), one block each. */
const PROCESSING: Processing[] = [
  {
    title: "Solicitudes de presupuesto y de contacto",
    data: "Nombre y apellidos, teléfono, correo electrónico, dirección y localidad de la instalación, el mensaje que nos escribe y, si la envía desde la ficha de un producto, ese producto.",
    purpose:
      "Atender su solicitud: llamarle, concertar la visita gratuita, preparar y enviarle el presupuesto y hacer su seguimiento.",
    basis: (
      <>
        La aplicación, a petición suya, de medidas precontractuales (artículo 6.1.b del RGPD). Lo que
        nos cuente en el mensaje que no sea necesario para el presupuesto lo tratamos con su
        consentimiento (artículo 6.1.a), que puede retirar en cualquier momento.
      </>
    ),
    // Periods from ~/domain/retention, which the daily jobs enforce.
    retention: `El tiempo necesario para atenderla y, si no llega a contratar, hasta ${spanishPeriod(RETENTION.contactRequestDays)} desde el último contacto. Si contrata, se conservan como parte del pedido o del servicio.`,
  },
  {
    title: "Avisos de disponibilidad",
    data: "El correo electrónico que nos deja en la página de un producto agotado, el producto, cuándo nos dio su consentimiento y cuándo lo confirmó.",
    purpose:
      "Confirmar que el aviso lo pidió usted (le enviamos un correo con un enlace) y escribirle una sola vez cuando el producto vuelva a estar disponible.",
    basis: "Su consentimiento (artículo 6.1.a del RGPD), que puede retirar en cualquier momento con el enlace de nuestros correos.",
    // Periods from ~/domain/retention, which a scheduled job enforces every hour.
    retention: `Si no lo confirma, ${spanishPeriod(RETENTION.pendingStockAlertDays)}. Confirmado, hasta que le avisamos o lo retira, y como mucho ${spanishPeriod(RETENTION.waitingStockAlertDays)}; después de avisarle o de que lo retire, ${spanishPeriod(RETENTION.closedStockAlertDays)} más y se borra.`,
  },
  {
    title: "Cuenta de cliente",
    data: "Correo electrónico y contraseña (guardada solo como un resumen cifrado, nunca tal cual), nombre y, si inicia sesión con Google, el nombre, el correo y el identificador de su cuenta de Google. Mientras la sesión está abierta, la dirección IP y el navegador desde los que la inició.",
    purpose:
      "Darle acceso a su área de cliente, donde hace pedidos, consulta «Mis Pedidos» y puede desistir de un contrato; y enviarle los correos de la cuenta, como el de restablecer la contraseña.",
    basis: "La ejecución de las condiciones de uso de la cuenta que acepta al registrarse (artículo 6.1.b del RGPD).",
    retention: `Mientras mantenga la cuenta. Las sesiones caducan a los ${RETENTION.sessionDays} días o al cerrar sesión. Si nos pide borrar la cuenta, la suprimimos, salvo los pedidos que debamos conservar por ley.`,
  },
  {
    title: "Pedidos, pagos, envíos e instalaciones",
    data: "Los datos de envío y de facturación (CIF, NIF o NIE, nombre y apellidos, empresa, dirección, población, provincia, código postal y teléfono), los productos y servicios pedidos, el importe, la forma de pago y el estado del pedido.",
    purpose:
      "Gestionar su pedido: cobrarlo, enviarlo, instalar y mantener los equipos contratados, atender desistimientos, devoluciones y garantías, y emitir las facturas.",
    basis: (
      <>
        La ejecución del contrato de compraventa o de servicios (artículo 6.1.b del RGPD) y, para la
        facturación y la contabilidad, el cumplimiento de obligaciones legales (artículo 6.1.c):
        normativa fiscal y mercantil y de defensa de los consumidores.
      </>
    ),
    retention:
      "Mientras dure el contrato y sus garantías y, después, seis años, el plazo de conservación de la documentación contable y las facturas (artículo 30 del Código de Comercio). Durante ese tiempo los datos quedan bloqueados y solo se usan si lo exige una obligación legal o una reclamación.",
  },
  {
    title: "Planes de mantenimiento y sus renovaciones",
    data: "Los equipos del plan (marca, modelo, número de serie, potencia, gas refrigerante), la dirección de las visitas, los registros de mantenimiento y, según cómo pague las renovaciones: la orden de domiciliación (titular, IBAN, fecha, IP y navegador de la firma) o, si acepta que Redsys guarde su tarjeta, la referencia que Redsys nos da para cobrarla, su caducidad y sus cuatro últimas cifras. Nunca vemos ni guardamos el número de la tarjeta.",
    purpose: "Hacer las visitas que tocan, darle el registro de operaciones que exige el RITE, avisarle de cada renovación y cobrarla como usted eligió.",
    basis: "La ejecución del contrato del plan (artículo 6.1.b del RGPD) y, para los registros de mantenimiento, el cumplimiento de una obligación legal (artículo 6.1.c: RITE, RD 1027/2007). Cobrar la renovación en la tarjeta guardada, su consentimiento al pagar, que retira en «Mis equipos» eligiendo otra forma de pago.",
    retention: "Mientras dure el plan. La referencia de la tarjeta deja de usarse en cuanto ningún plan se renueva con ella; la orden de domiciliación se guarda 14 meses después de su último cargo, como piden las normas SEPA; las facturas y los registros de mantenimiento, los plazos legales.",
  },
  {
    title: "Avisos de avería",
    data: "Su nombre, teléfono, email y la dirección donde está el equipo; el equipo (tipo, marca, modelo, número de serie), qué le pasa, la urgencia, cuándo podemos ir y las fotos que nos envíe; si el aviso viene de «Mis equipos», sus garantías y su plan de mantenimiento.",
    purpose: "Llamarle, ir a reparar el equipo y decirle antes lo que le costará según sus garantías.",
    basis: "Las medidas precontractuales que usted nos pide y, si la avería está en garantía o en su plan, la ejecución de ese contrato (artículo 6.1.b del RGPD).",
    retention: `${spanishPeriod(RETENTION.repairRequestDays).replace(/^./, (first) => first.toUpperCase())} desde el aviso, el plazo de la garantía legal para cualquier reclamación; después se borran, con sus fotos.`,
  },
  {
    title: "Seguridad de la web",
    data: "La dirección IP desde la que se envían formularios o se inicia sesión.",
    purpose: "Evitar abusos, como el envío masivo de formularios o los intentos de adivinar contraseñas.",
    basis: "Nuestro interés legítimo en proteger la web y a sus usuarios (artículo 6.1.f del RGPD).",
    retention: `Minutos: el tiempo de la ventana de control, después se borra (como mucho a los ${rateLimitRetentionMinutes()} minutos).`,
  },
];

/** /politica-privacidad (spec section 2): the information of RGPD arts. 13 and 14. */
export default function PrivacyPolicy() {
  const shop = useShopInfo();
  const mail = <a href={mailtoHref(shop.email)}>{shop.email}</a>;
  return (
    <LegalPage
      title="Política de privacidad"
      intro={
        <p>
          En {shop.name} tratamos sus datos personales con cuidado y solo para lo que usted
          espera. Aquí le explicamos, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley
          Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales
          (LOPDGDD), quién los trata, para qué, con qué base legal, a quién se comunican, cuánto
          tiempo se guardan y cuáles son sus derechos.
        </p>
      }
      sections={[
        {
          id: "responsable",
          title: "Responsable del tratamiento",
          content: (
            <dl className="legal-data">
              <dt>Responsable</dt>
              <dd>{shop.legalName}</dd>
              <dt>NIF</dt>
              <dd>{shop.nif}</dd>
              <dt>Domicilio</dt>
              <dd>{shop.address}</dd>
              <dt>Correo electrónico</dt>
              <dd>{mail}</dd>
              <dt>Teléfono</dt>
              <dd>{shop.phone}</dd>
            </dl>
          ),
        },
        {
          id: "finalidades",
          title: "Qué datos tratamos, para qué y con qué base legal",
          content: (
            <>
              <p>
                Solo tratamos los datos que usted nos da al usar la web y los que se generan al
                usarla. No los usamos para enviarle publicidad, no elaboramos perfiles y no tomamos
                decisiones automatizadas sobre usted.
              </p>
              {PROCESSING.map((item) => (
                <div key={item.title} className="legal-processing">
                  <h3>{item.title}</h3>
                  <dl className="legal-data">
                    <dt>Datos</dt>
                    <dd>{item.data}</dd>
                    <dt>Finalidad</dt>
                    <dd>{item.purpose}</dd>
                    <dt>Base jurídica</dt>
                    <dd>{item.basis}</dd>
                    <dt>Conservación</dt>
                    <dd>{item.retention}</dd>
                  </dl>
                </div>
              ))}
              <p>
                Los datos marcados como obligatorios en los formularios son los necesarios para
                atenderle: sin ellos no podemos tramitar su solicitud o su pedido. Le pedimos que
                sean ciertos y que nos avise si cambian.
              </p>
            </>
          ),
        },
        {
          id: "destinatarios",
          title: "A quién comunicamos sus datos",
          content: (
            <>
              <p>
                No vendemos ni cedemos sus datos. Para prestarle el servicio nos ayudan
                proveedores que los tratan por cuenta nuestra, como encargados del tratamiento, con
                un contrato que les obliga a usarlos solo siguiendo nuestras instrucciones
                (artículo 28 del RGPD):
              </p>
              <ul className="content-list">
                <li>
                  <strong>Trello, de Atlassian</strong>: el tablero de tareas en el que organizamos
                  las solicitudes de presupuesto. Cada solicitud crea una tarjeta con su nombre,
                  teléfono, correo, dirección y mensaje.
                </li>
                <li>
                  <strong>Nuestro proveedor de correo electrónico</strong>, con el que recibimos
                  sus solicitudes y le enviamos los correos de sus pedidos y de su cuenta.
                </li>
                <li>
                  <strong>Nuestro proveedor de alojamiento web</strong>, en cuyos servidores
                  funcionan la web y su base de datos.
                </li>
              </ul>
              <p>
                Si elige iniciar sesión con Google, Google comprueba su identidad y nos comunica su
                nombre, su correo y el identificador de su cuenta; Google trata sus datos según su
                propia política de privacidad. Además, comunicamos los datos imprescindibles a la
                empresa de transporte que entrega su pedido, a las entidades bancarias que
                gestionan los cobros y las devoluciones y, cuando la ley lo exige, a la
                Administración Tributaria, a los juzgados y tribunales y a otras autoridades
                competentes.
              </p>
            </>
          ),
        },
        {
          id: "transferencias",
          title: "Transferencias internacionales",
          content: (
            <p>
              Atlassian (Trello) y Google pueden tratar datos en los Estados Unidos. Ambas empresas
              están adheridas al Marco de Privacidad de Datos UE-EE. UU. (EU-US Data Privacy
              Framework), que la Comisión Europea considera que ofrece un nivel de protección
              adecuado (Decisión de adecuación de 10 de julio de 2023), y ofrecen además las
              cláusulas contractuales tipo aprobadas por la Comisión (artículo 46 del RGPD). Puede
              pedirnos más información sobre estas garantías escribiendo a {mail}.
            </p>
          ),
        },
        {
          id: "derechos",
          title: "Sus derechos",
          content: (
            <>
              <p>En cualquier momento puede ejercer gratuitamente estos derechos:</p>
              <ul className="content-list">
                <li>
                  <strong>Acceso</strong>: saber si tratamos sus datos y obtener una copia.
                </li>
                <li>
                  <strong>Rectificación</strong>: corregir los datos inexactos o completar los
                  incompletos.
                </li>
                <li>
                  <strong>Supresión</strong>: que borremos sus datos cuando ya no sean necesarios o
                  no haya base para tratarlos.
                </li>
                <li>
                  <strong>Oposición</strong>: que dejemos de tratarlos cuando la base sea nuestro
                  interés legítimo, salvo motivos legítimos imperiosos o para defendernos de
                  reclamaciones.
                </li>
                <li>
                  <strong>Limitación</strong>: que conservemos sus datos sin usarlos mientras se
                  resuelve una reclamación o los necesite usted para una.
                </li>
                <li>
                  <strong>Portabilidad</strong>: recibir los datos que nos dio en un formato
                  estructurado y de uso común, o que se los enviemos a otra empresa.
                </li>
                <li>
                  <strong>Retirada del consentimiento</strong>: cuando el tratamiento se base en su
                  consentimiento, retirarlo sin que ello afecte a lo tratado antes.
                </li>
              </ul>
              <p>
                <strong>Cómo ejercerlos</strong>: escríbanos a {mail} con el asunto «Protección de
                datos», diciendo qué derecho quiere ejercer, o por correo postal a {shop.legalName},{" "}
                {shop.address}. Si tenemos dudas razonables sobre su identidad, podremos pedirle la
                información necesaria para confirmarla. Le contestaremos en el plazo de un mes,
                ampliable en dos meses más si la solicitud es compleja; en ese caso se lo
                avisaremos dentro del primer mes. Sus pedidos también puede consultarlos usted mismo
                en «Mis Pedidos», dentro de su <Link to="/login">área de cliente</Link>.
              </p>
            </>
          ),
        },
        {
          id: "reclamacion",
          title: "Reclamación ante la autoridad de control",
          content: (
            <p>
              Si considera que no hemos tratado bien sus datos o no hemos atendido sus derechos,
              puede presentar una reclamación ante la Agencia Española de Protección de Datos
              (AEPD), C/ Jorge Juan, 6, 28001 Madrid, en su sede electrónica:{" "}
              <a href="https://www.aepd.es" rel="noopener noreferrer">
                www.aepd.es
              </a>
              . Le agradeceremos que antes nos escriba, por si podemos resolverlo.
            </p>
          ),
        },
        {
          id: "menores",
          title: "Menores de edad",
          content: (
            <p>
              La web no está dirigida a menores de 14 años, que no pueden darnos sus datos sin el
              consentimiento de sus padres o tutores (artículo 7 de la LOPDGDD).
            </p>
          ),
        },
        {
          id: "seguridad",
          title: "Seguridad",
          content: (
            <p>
              Aplicamos medidas técnicas y organizativas adecuadas al riesgo para proteger sus
              datos frente a accesos no autorizados, pérdidas o alteraciones: conexiones cifradas,
              contraseñas guardadas solo como resumen cifrado, cookies de sesión inaccesibles para
              otros programas de la página y acceso a los datos limitado a quien los necesita para
              su trabajo.
            </p>
          ),
        },
        {
          id: "cookies",
          title: "Cookies",
          content: (
            <p>
              La web solo usa cookies técnicas. Los detalles están en la{" "}
              <Link to="/politica-cookies">Política de cookies</Link>.
            </p>
          ),
        },
        {
          id: "cambios",
          title: "Cambios en esta política",
          content: (
            <p>
              Si cambiamos cómo tratamos sus datos, actualizaremos esta página y la fecha del
              principio. Si el cambio es importante, se lo comunicaremos por correo electrónico
              cuando tengamos su dirección.
            </p>
          ),
        },
      ]}
    />
  );
}
