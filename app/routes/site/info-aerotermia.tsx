import { Link } from "react-router";
import { INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import { catalogueHref } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { INSTALLATION_INCLUDES, MAINTENANCE_INCLUDES } from "~/domain/site/services";
import { CallToAction, ContentHero, ContentSection, useShopInfo } from "~/ui/site/content-page";
import { EnergyLabelGuide } from "~/ui/catalogue/energy-label-guide";
import { SizingAdvisorLink } from "~/ui/sizing/sizing-advisor-link";
import { SizingTable } from "~/ui/sizing/sizing-table";
import type { Route } from "./+types/info-aerotermia";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Cómo elegir su equipo de aerotermia | ${shop.name}`,
    description:
      "Guía de aerotermia: qué es, qué potencia necesita según los metros de su vivienda, suelo radiante o radiadores, acumulador, ruido de la unidad exterior y etiqueta energética.",
    baseUrl: shop.baseUrl,
    path: "/aerotermia-info",
  });
};

/** /aerotermia-info: help on choosing an aerothermal heat pump (spec sections 2 and 9). */
export default function AerothermalHelp() {
  const shop = useShopInfo();
  const aerothermal = catalogueHref("aerotermia");
  return (
    <>
      <ContentHero
        title="¿Te ayudamos a escoger tu equipo de aerotermia?"
        lead="La aerotermia da calefacción, refrigeración y agua caliente con una sola instalación. Le explicamos cómo funciona y qué mirar para elegir bien."
        actions={[{ to: aerothermal, label: "Ver equipos de aerotermia" }]}
      />

      <ContentSection title="Qué es la aerotermia">
        <p>
          Un equipo de aerotermia es una bomba de calor aire-agua: toma la energía del aire
          exterior, incluso en invierno, y la usa para calentar el agua de la calefacción y del
          depósito de agua caliente. En verano puede funcionar al revés y refrescar la casa. Por
          cada kWh de electricidad que consume entrega varios kWh de calor; esa relación es su
          rendimiento (COP, o SCOP si se mide a lo largo de toda la temporada).
        </p>
      </ContentSection>

      <ContentSection title="La potencia según la superficie de su vivienda" soft>
        <SizingTable
          family="aerotermia"
          surfaceHeading="Superficie de la vivienda"
          caption="Potencia de aerotermia orientativa según la superficie"
          linkLabel={(surface) => `Ver equipos para ${surface}`}
        />
        <SizingAdvisorLink family="aerotermia" />
        <p>
          Son valores orientativos para una vivienda con un aislamiento razonable. El clima de la
          zona, el aislamiento, la altura de los techos y el número de personas que usan el agua
          caliente cambian el cálculo: por eso lo confirmamos en la visita gratuita antes de
          presupuestar.
        </p>
      </ContentSection>

      <ContentSection title="Qué lleva un equipo">
        <ul className="content-list">
          <li>
            <strong>Unidad exterior</strong>: capta el calor del aire. Necesita un sitio ventilado,
            en fachada, terraza o cubierta.
          </li>
          <li>
            <strong>Unidad interior o módulo hidráulico</strong>: pasa el calor al agua de la
            instalación.
          </li>
          <li>
            <strong>Controlador</strong>: desde él se programan las temperaturas y los horarios.
          </li>
          <li>
            <strong>Acumulador</strong>: el depósito del agua caliente sanitaria. Algunos equipos lo
            llevan integrado; en otros va aparte. La ficha de cada equipo indica si lo incluye.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Suelo radiante, radiadores o fancoils" soft>
        <p>
          La aerotermia rinde más cuanto más baja es la temperatura a la que tiene que calentar el
          agua. Por eso su pareja ideal es el <strong>suelo radiante</strong>, que calienta la casa
          con agua a unos 35 °C. También funciona con <strong>radiadores de baja temperatura</strong>{" "}
          o con <strong>fancoils</strong>, que además sirven para refrescar. Con los radiadores
          antiguos de una caldera puede funcionar, pero consumirá más: en la visita revisamos su
          instalación y le decimos qué conviene.
        </p>
      </ContentSection>

      <ContentSection title="El ruido de la unidad exterior">
        <p>
          La unidad exterior tiene un ventilador y un compresor, así que hace algo de ruido. Mire en
          la ficha su nivel en decibelios (dB): cada 10 dB más se perciben como el doble de ruido.
          Colóquela lejos de las ventanas de los dormitorios, suyos y de sus vecinos, y sobre
          soportes antivibración.
        </p>
      </ContentSection>

      <ContentSection title="La clase energética" soft>
        <EnergyLabelGuide
          extra={
            <p>
              La etiqueta de una bomba de calor da dos clases: una para 35 °C, que es la que cuenta
              con suelo radiante, y otra para 55 °C, la de los radiadores. Los equipos con
              acumulador incluyen además la clase del agua caliente.
            </p>
          }
        />
      </ContentSection>

      <ContentSection title="Instalación y mantenimiento">
        <p>
          La instalación básica cuesta <strong>{formatEuros(INSTALLATION_PRICE_CENTS.aerotermia)}</strong>{" "}
          con IVA y comprende {INSTALLATION_INCLUDES.aerotermia}
        </p>
        <p>
          El mantenimiento anual, por <strong>{formatEuros(MAINTENANCE_PRICE_CENTS.aerotermia ?? 0)} al año</strong>,
          incluye {MAINTENANCE_INCLUDES.aerotermia} La instalación y el mantenimiento se contratan
          solo para la {shop.serviceArea}.
        </p>
        <p>
          <Link to="/servicios">Ver todos nuestros servicios</Link>
        </p>
      </ContentSection>

      <CallToAction
        title="¿Sigue con dudas?"
        text="Le visitamos gratis, estudiamos su vivienda y le enviamos el presupuesto en 3-5 días, también si quiere suelo radiante."
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: aerothermal, label: "Ir a la tienda de aerotermia", variant: "secondary" },
        ]}
      />
    </>
  );
}
