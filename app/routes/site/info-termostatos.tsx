import { Link } from "react-router";
import { INSTALLATION_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import { catalogueHref } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { INSTALLATION_INCLUDES } from "~/domain/site/services";
import { CallToAction, ContentHero, ContentSection, useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/info-termostatos";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Cómo elegir su termostato: analógico, digital o wifi | ${shop.name}`,
    description:
      "Guía para escoger termostato: analógico, digital programable o wifi, alimentación a pilas o a 220 V, compatibilidad con su caldera e instalación en Madrid.",
    baseUrl: shop.baseUrl,
    path: "/termostatos-info",
  });
};

/** The three thermostat types of the catalogue filter (spec section 9), with their filtered views. */
const TYPES = [
  {
    name: "Analógico",
    link: "Ver termostatos analógicos",
    tipo: "termostatos-analogicos",
    how: "Una rueda para fijar la temperatura.",
    good: "Quien quiere algo sencillo, sin pantallas ni programas.",
  },
  {
    name: "Digital",
    link: "Ver termostatos digitales",
    tipo: "termostatos-digitales",
    how: "Pantalla con la temperatura exacta y, en la mayoría, programación por horas y días.",
    good: "Quien tiene horarios fijos: la casa se calienta antes de llegar y se apaga al salir.",
  },
  {
    name: "Wifi",
    link: "Ver termostatos wifi",
    tipo: "termostatos-wifi",
    how: "Se maneja también desde el móvil, con la aplicación del fabricante, esté donde esté.",
    good: "Quien tiene horarios cambiantes o una segunda vivienda. Necesita wifi en casa.",
  },
];

/** /termostatos-info: help on choosing a thermostat (spec sections 2 and 9). */
export default function ThermostatHelp() {
  const shop = useShopInfo();
  const thermostats = catalogueHref("termostatos");
  return (
    <>
      <ContentHero
        title="¿Te ayudamos a escoger tu termostato?"
        lead="Un buen termostato hace que la calefacción funcione solo cuando hace falta. Elegirlo es sencillo: el tipo, cómo se alimenta y si es compatible con su caldera."
        actions={[{ to: thermostats, label: "Ver termostatos" }]}
      />

      <ContentSection title="Analógico, digital o wifi">
        <ul className="content-cards">
          {TYPES.map((type) => (
            <li key={type.tipo} className="content-card">
              <h3>{type.name}</h3>
              <p>
                <strong>Cómo se usa:</strong> {type.how}
              </p>
              <p>
                <strong>Para quién:</strong> {type.good}
              </p>
              <Link to={catalogueHref("termostatos", type.tipo)}>{type.link}</Link>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Alimentación: pilas o 220 V" soft>
        <p>
          En cada ficha verá si el termostato necesita <strong>alimentación a 220 V</strong>. Los
          que no la necesitan funcionan con pilas y se colocan en cualquier pared. Los que sí
          necesitan una toma de corriente en el lugar donde van, además del cable a la caldera: es
          lo habitual en muchos modelos wifi, que están siempre conectados.
        </p>
        <p>
          Antes de elegir un modelo de 220 V, compruebe si donde está su termostato actual llega
          corriente. Si no, pregúntenos: puede que la instalación necesite un trabajo adicional.
        </p>
      </ContentSection>

      <ContentSection title="Compatibilidad con su caldera">
        <p>
          La mayoría de las calderas aceptan un termostato sencillo de encendido y apagado. Algunos
          termostatos de fabricante se comunican con las calderas de su misma marca y ajustan la
          potencia en lugar de solo encenderla y apagarla, lo que ahorra más gas. Si duda de si un
          modelo sirve para su caldera, díganos la marca y el modelo de su caldera y se lo
          confirmamos.
        </p>
      </ContentSection>

      <ContentSection title="El termostato y la eficiencia" soft>
        <p>
          Los termostatos no llevan etiqueta energética propia, pero sí influyen en el consumo: la
          normativa europea reconoce que un buen control de la temperatura mejora la eficiencia de
          la calefacción en su conjunto. Bajar un grado la temperatura de casa se nota en la
          factura, y programar los horarios evita calentar una casa vacía.
        </p>
      </ContentSection>

      <ContentSection title="Instalación">
        <p>
          La instalación cuesta <strong>{formatEuros(INSTALLATION_PRICE_CENTS.termostatos)}</strong> con
          IVA y consiste en {INSTALLATION_INCLUDES.termostatos} Se contrata solo para la{" "}
          {shop.serviceArea}; si lo prefiere, puede comprar el termostato sin instalación y se lo
          enviamos a cualquier punto de España.
        </p>
      </ContentSection>

      <CallToAction
        title="¿Sigue con dudas?"
        text="Cuéntenos qué caldera tiene y cómo usa la calefacción, y le recomendamos el termostato que le conviene."
        actions={[
          { to: "/contacto", label: "Pedir presupuesto" },
          { to: thermostats, label: "Ir a la tienda de termostatos", variant: "secondary" },
        ]}
      />
    </>
  );
}
