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
import type { Route } from "./+types/info-calderas";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Cómo elegir su caldera: potencia, gas y clase energética | ${shop.name}`,
    description:
      "Guía para escoger caldera: qué potencia necesita según los metros de su vivienda, calderas de condensación, gas natural o propano, salida de humos, etiqueta energética y mantenimiento.",
    baseUrl: shop.baseUrl,
    path: "/calderas-info",
  });
};

/** /calderas-info: help on choosing a boiler (spec sections 2 and 9). */
export default function BoilerHelp() {
  const shop = useShopInfo();
  const boilers = catalogueHref("calderas");
  return (
    <>
      <ContentHero
        title="¿Te ayudamos a escoger tu caldera?"
        lead="Cuatro decisiones bastan para acertar: la potencia, el tipo de caldera, el gas que tiene en casa y su eficiencia. Se lo explicamos paso a paso."
        actions={[
          { to: boilers, label: "Ver calderas de condensación" },
          { to: "/tienda/mantenimientos", label: "Mantenimiento de calderas", variant: "secondary" },
        ]}
      />

      <ContentSection title="La potencia según la superficie de su vivienda">
        <p>
          La potencia de una caldera se mide en kilovatios (kW). Para una vivienda bien aislada,
          esta tabla le da una primera referencia:
        </p>
        <SizingTable
          family="calderas"
          surfaceHeading="Superficie de la vivienda"
          caption="Potencia de caldera orientativa según la superficie"
          linkLabel={(surface) => `Ver calderas para ${surface}`}
        />
        <SizingAdvisorLink family="calderas" />
        <p>
          Además de la calefacción, piense en el agua caliente: si en su casa se pueden usar dos
          duchas a la vez, le conviene una caldera con más caudal de agua caliente, que se mide en
          litros por minuto (l/min) y figura en cada ficha. Una vivienda poco aislada, un ático o
          una casa con muchos radiadores pueden necesitar más potencia; en la visita gratuita lo
          calculamos con usted.
        </p>
      </ContentSection>

      <ContentSection title="Calderas de condensación" soft>
        <p>
          Una caldera de condensación aprovecha también el calor del vapor de agua de los humos,
          que una caldera convencional tira por la chimenea. Por eso consume menos gas para dar el
          mismo calor. Desde 2015 la normativa europea de diseño ecológico exige unos rendimientos
          que en la práctica solo alcanzan las calderas de condensación, y son las que se instalan
          hoy en las viviendas.
        </p>
        <p>En la ficha de cada caldera verá su tipo:</p>
        <ul className="content-list">
          <li>
            <strong>Mixta</strong>: da calefacción y agua caliente al instante, sin depósito. Es la
            más habitual en pisos.
          </li>
          <li>
            <strong>Solo calefacción</strong>: calienta los radiadores o el suelo radiante; el agua
            caliente la da otro equipo o un acumulador.
          </li>
          <li>
            <strong>Con acumulador</strong>: guarda agua caliente en un depósito, útil en casas
            con varios baños.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Gas natural o propano">
        <p>
          Las calderas funcionan con <strong>gas natural</strong>, el de la red de su calle, o con{" "}
          <strong>propano</strong>, de depósito o de bombona. Al pedir una caldera le preguntamos
          cuál tiene; la opción por defecto es el gas natural. Las calderas de la marca Hermann
          se ofrecen solo para gas natural.
        </p>
        <p>
          Si no sabe qué gas tiene, mire su factura o la etiqueta de su caldera actual, o
          pregúntenos en la visita.
        </p>
      </ContentSection>

      <ContentSection title="La instalación y la salida de humos" soft>
        <p>
          La instalación básica, por <strong>{formatEuros(INSTALLATION_PRICE_CENTS.calderas)}</strong>{" "}
          con IVA, consiste en la {INSTALLATION_INCLUDES.calderas}
        </p>
        <p>
          Por eso, antes de comprar, fíjese en dónde está su caldera actual y cómo salen los humos.
          Si la nueva va en otro lugar o la salida es vertical o más larga, le hacemos un
          presupuesto a medida. La instalación se contrata solo para la {shop.serviceArea} y, una
          vez confirmada, la hacemos en 24-48 horas. Las calderas que instalamos tienen 6 meses de
          garantía en mano de obra y 2 años en piezas.
        </p>
      </ContentSection>

      <ContentSection title="La clase energética">
        <EnergyLabelGuide
          extra={
            <p>
              En una caldera, la etiqueta muestra la clase para calefacción y, si también da agua
              caliente, una segunda clase para el agua caliente sanitaria.
            </p>
          }
        />
      </ContentSection>

      <ContentSection title="Mantenimiento y revisiones obligatorias" soft>
        <p>
          El Reglamento de Instalaciones Térmicas en los Edificios (RITE) obliga a revisar la
          caldera cada 2 años (los calentadores, cada 5). Con nuestro mantenimiento anual, por{" "}
          <strong>{formatEuros(MAINTENANCE_PRICE_CENTS.calderas ?? 0)} al año</strong> con IVA, tiene{" "}
          {MAINTENANCE_INCLUDES.calderas}
        </p>
        <p>
          <Link to="/tienda/mantenimientos" className="button button-secondary">
            Ver el mantenimiento de calderas
          </Link>
        </p>
      </ContentSection>

      <CallToAction
        title="¿Sigue con dudas?"
        text="Le visitamos gratis, le decimos qué caldera le conviene y le enviamos el presupuesto en 3-5 días."
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: boilers, label: "Ir a la tienda de calderas", variant: "secondary" },
        ]}
      />
    </>
  );
}
