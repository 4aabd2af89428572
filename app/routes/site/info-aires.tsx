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
import type { Route } from "./+types/info-aires";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Cómo elegir su aire acondicionado: potencia, ruido y refrigerante | ${shop.name}`,
    description:
      "Guía para escoger aire acondicionado: potencia en kW y frigorías según los metros de la habitación, split, conductos o cassette, ruido en dB, refrigerante R-32 y etiqueta energética.",
    baseUrl: shop.baseUrl,
    path: "/aires-info",
  });
};

/** /aires-info: help on choosing an air conditioner (spec sections 2 and 9). */
export default function AirHelp() {
  const shop = useShopInfo();
  const airs = catalogueHref("aires");
  return (
    <>
      <ContentHero
        title="¿Te ayudamos a escoger tu aire acondicionado?"
        lead="La potencia según el tamaño de la habitación, el tipo de equipo, el ruido, el refrigerante y la eficiencia: todo lo que conviene mirar antes de comprar."
        actions={[{ to: airs, label: "Ver aires acondicionados" }]}
      />

      <ContentSection title="La potencia según la superficie de la habitación">
        <p>
          Un aire acondicionado se elige por la habitación que tiene que enfriar. Su potencia se
          da en kilovatios (kW) o en frigorías por hora (1 kW equivale a unas 860 frigorías/hora).
          Como primera referencia:
        </p>
        <SizingTable
          family="aires"
          surfaceHeading="Superficie de la habitación"
          caption="Potencia de aire acondicionado orientativa según la superficie"
          linkLabel={(surface) => `Ver equipos para ${surface}`}
        />
        <SizingAdvisorLink family="aires" />
        <p>
          Cuente con algo más de potencia si la habitación da al sur o al oeste, está en un último
          piso, tiene techos altos o grandes ventanales, o si es una cocina. Un equipo demasiado
          pequeño trabaja siempre al máximo; uno demasiado grande enciende y apaga sin parar.
        </p>
      </ContentSection>

      <ContentSection title="Qué tipo de equipo" soft>
        <ul className="content-list">
          <li>
            <strong>Split de pared</strong>: una unidad interior en la pared y otra exterior. Es la
            opción más sencilla de instalar para una habitación.
          </li>
          <li>
            <strong>Conductos</strong>: la máquina queda oculta en el falso techo y reparte el aire
            por rejillas a varias estancias.
          </li>
          <li>
            <strong>Cassette</strong>: va empotrado en el techo y reparte el aire en varias
            direcciones; pensado para salones amplios y locales.
          </li>
        </ul>
        <p>
          Fíjese también en dos datos de la ficha: <strong>bomba de calor</strong>, que permite
          usar el equipo también como calefacción en invierno, e <strong>inverter</strong>, que
          regula la velocidad del compresor en lugar de encenderlo y apagarlo, con menos consumo y
          menos ruido.
        </p>
      </ContentSection>

      <ContentSection title="El ruido">
        <p>
          Cada ficha indica el ruido de la unidad interior y de la exterior en decibelios (dB). La
          escala no es lineal: 10 dB más se perciben como el doble de ruido. Como referencia:
        </p>
        <ul className="content-list">
          <li>
            <strong>Unidad interior</strong>: por debajo de 25 dB es muy silenciosa, adecuada para
            dormitorios. Los valores de la ficha suelen ser los del modo más silencioso.
          </li>
          <li>
            <strong>Unidad exterior</strong>: suele moverse entre 45 y 55 dB. Piense en los vecinos
            y en las normas de su comunidad al decidir dónde colocarla.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="El refrigerante" soft>
        <p>
          El refrigerante es el gas que transporta el calor entre las dos unidades. Los equipos
          actuales usan sobre todo <strong>R-32</strong>: tiene un potencial de calentamiento
          global unas tres veces menor que el del R-410A, el refrigerante de muchos equipos
          anteriores, y el equipo necesita menos cantidad. La normativa europea sobre gases
          fluorados limita cada vez más los refrigerantes con mayor efecto sobre el clima.
        </p>
        <p>
          Manipular refrigerantes exige una certificación oficial: la instalación y las recargas
          debe hacerlas siempre personal habilitado.
        </p>
      </ContentSection>

      <ContentSection title="La clase energética">
        <EnergyLabelGuide
          extra={
            <p>
              En los aires acondicionados con bomba de calor la etiqueta da dos clases: una para
              refrigeración, calculada con el rendimiento estacional SEER, y otra para calefacción,
              con el SCOP. Cuanto más altos son esos números, menos consume el equipo.
            </p>
          }
        />
      </ContentSection>

      <ContentSection title="Instalación y mantenimiento" soft>
        <p>
          La instalación básica cuesta <strong>{formatEuros(INSTALLATION_PRICE_CENTS.aires)}</strong> con
          IVA y comprende {INSTALLATION_INCLUDES.aires}
        </p>
        <p>
          El mantenimiento anual, por <strong>{formatEuros(MAINTENANCE_PRICE_CENTS.aires ?? 0)} al año</strong>,
          incluye {MAINTENANCE_INCLUDES.aires} Ambos servicios se contratan solo para la{" "}
          {shop.serviceArea}.
        </p>
        <p>
          <Link to="/servicios">Ver todos nuestros servicios</Link>
        </p>
      </ContentSection>

      <CallToAction
        title="¿Sigue con dudas?"
        text="Le visitamos gratis, le aconsejamos el equipo que mejor encaja en su casa y le enviamos el presupuesto en 3-5 días."
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: airs, label: "Ir a la tienda de aires", variant: "secondary" },
        ]}
      />
    </>
  );
}
