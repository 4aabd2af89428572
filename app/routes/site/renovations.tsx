import { Link } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { CallToAction, ContentHero, ContentSection, Counters, Steps, useShopInfo } from "~/ui/site/content-page";
import { CoverageCheck } from "~/ui/orders/coverage-check";
import type { Route } from "./+types/renovations";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Reformas de vivienda en Madrid | ${shop.name}`,
    description:
      "Reformas de vivienda en Madrid con visita gratuita y presupuesto sin compromiso en 3-5 días. Aproveche la obra para renovar la calefacción, el agua caliente y la climatización.",
    baseUrl: shop.baseUrl,
    path: "/reformas",
  });
};

export default function Renovations() {
  const shop = useShopInfo();
  return (
    <>
      <ContentHero
        title="Reformas de vivienda"
        lead={
          <>
            Reformamos su casa con el mismo cuidado con el que instalamos calderas y climatización
            desde hace más de 15 años: una visita gratuita para conocer lo que quiere y un
            presupuesto sin compromiso en 3-5 días.
          </>
        }
        actions={[{ to: "/contacto", label: "Pedir presupuesto" }]}
      />

      <ContentSection title="Qué podemos hacer por su vivienda">
        <p>
          Cada reforma es distinta, por eso no tiene un precio de catálogo: la estudiamos en su
          casa y le presupuestamos exactamente lo que quiere hacer. Cuéntenos su idea, sea cambiar
          un baño, la cocina o toda la vivienda, y le diremos cómo llevarla a cabo.
        </p>
        <p>
          Donde más podemos aportar es en todo lo que tiene que ver con el confort de la casa, y
          conviene decidirlo antes de empezar la obra:
        </p>
        <ul className="content-list">
          <li>
            <strong>Cambiar la caldera o llevarla a otro sitio</strong>, con su salida de humos y su
            certificado de instalación. <Link to="/calderas-info">Cómo elegir su caldera</Link>.
          </li>
          <li>
            <strong>Pasar a la aerotermia con suelo radiante</strong>: con la obra abierta es el
            mejor momento para colocarlo. <Link to="/aerotermia-info">Cómo elegir su equipo de aerotermia</Link>.
          </li>
          <li>
            <strong>Dejar preparado el aire acondicionado</strong>, con la canalización y la toma
            eléctrica donde irán las unidades. <Link to="/aires-info">Cómo elegir su aire acondicionado</Link>.
          </li>
          <li>
            <strong>Controlar mejor la calefacción</strong> con un termostato digital o wifi.{" "}
            <Link to="/termostatos-info">Cómo elegir su termostato</Link>.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Cómo es una reforma con nosotros" soft>
        <Steps
          steps={[
            {
              title: "Visita gratuita",
              text: "Nos cuenta lo que quiere y le visitamos en 24 horas, sin coste y sin compromiso, para ver la vivienda y tomar medidas.",
            },
            {
              title: "Presupuesto en 3-5 días",
              text: "Le enviamos el presupuesto de la reforma. Si quiere cambiar algo, lo ajustamos con usted hasta que sea lo que busca.",
            },
            {
              title: "Planificación",
              text: "Si lo acepta, acordamos con usted las fechas de la obra y el orden de los trabajos, para que sepa qué día pasa cada cosa.",
            },
            {
              title: "Obra y entrega",
              text: "Hacemos la reforma y, al terminar, revisamos con usted que todo funciona y le entregamos los certificados de las instalaciones que lo requieren.",
            },
          ]}
        />
      </ContentSection>

      <ContentSection title="Por qué confiar en nosotros">
        <p>
          Más de 15 años de experiencia en calefacción y climatización nos han enseñado que una
          buena obra empieza por escuchar al cliente y termina cuando todo funciona. Estas son
          nuestras cifras:
        </p>
        <Counters />
        <p>
          Trabajamos en toda la {shop.serviceArea}, y también en Guadalajara y el norte de Toledo.
          Si su vivienda está en otra zona, pregúntenos.
        </p>
        <CoverageCheck context="reformas" back="/reformas" title="¿Trabajamos en su zona?" level={3} />
      </ContentSection>

      <CallToAction
        title="Cuéntenos su reforma"
        text="Le visitamos gratis y le enviamos el presupuesto en 3-5 días, sin ningún compromiso."
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: "/servicios", label: "Ver todos los servicios", variant: "secondary" },
        ]}
      />
    </>
  );
}
