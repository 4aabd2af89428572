import { Link } from "react-router";
import type { SizedFamily } from "~/domain/sizing/sizing-guide";
import { formatNumber, type SizingResult } from "~/domain/sizing/sizing-rules";
import { SOURCES } from "~/domain/sizing/sizing-sources";

/** What the advisor links to: the catalogue filtered to the window, and how many it shows. */
export type FittingView = { href: string; count: number } | null;

const NOUNS: Record<SizedFamily, { one: string; many: string }> = {
  aires: { one: "aire acondicionado", many: "aires acondicionados" },
  calderas: { one: "caldera", many: "calderas" },
  aerotermia: { one: "equipo de aerotermia", many: "equipos de aerotermia" },
};

const kw = (value: number) => `${formatNumber(value)} kW`;

function headline(result: SizingResult): string {
  switch (result.family) {
    case "aires":
      return result.recommendedKw === null
        ? `Unas ${formatNumber(result.needFgh, 0)} frigorías/h, repartidas entre varios equipos`
        : `Un aire acondicionado de ${kw(result.recommendedKw)} (${formatNumber(result.recommendedFgh ?? 0, 0)} frigorías/h)`;
    case "calderas":
      return result.recommendedKw === null
        ? `Una caldera con acumulador de unos ${kw(result.needKw)}`
        : `Una caldera de al menos ${kw(result.recommendedKw)} que dé ${formatNumber(result.flowLpm)} l/min de agua caliente`;
    case "aerotermia":
      return result.recommendedKw === null
        ? `Unos ${kw(result.needKw)}, repartidos entre dos equipos`
        : `Un equipo de aerotermia de ${kw(result.recommendedKw)}${result.tankLitres ? ` con un depósito de ${result.tankLitres} litros` : ""}`;
  }
}

function facts(result: SizingResult): string[] {
  switch (result.family) {
    case "aires":
      return [`Su estancia necesita unas ${formatNumber(result.needFgh, 0)} frigorías/h (${formatNumber(result.needKw, 2)} kW).`];
    case "calderas":
      return [
        `Calefacción: ${kw(result.heatingKw)}.`,
        `Agua caliente: ${formatNumber(result.flowLpm)} l/min, ${kw(result.hotWaterKw)}.`,
      ];
    case "aerotermia":
      return [
        `Calefacción: ${kw(result.heatingKw)}.`,
        ...(result.dailyLitres > 0
          ? [`Agua caliente: ${formatNumber(result.dailyLitres, 0)} litros al día, ${kw(result.hotWaterKw)} más.`]
          : []),
      ];
  }
}

/** The recommendation, the way into the catalogue, and how it was reached (issue 15). */
export function SizingResultView({ result, fitting }: { result: SizingResult; fitting: FittingView }) {
  const noun = NOUNS[result.family];
  const range = `de ${kw(result.window.minKw)} a ${kw(result.window.maxKw)}`;
  return (
    <section className="sizing-result" aria-labelledby="potencia-resultado">
      <h2 id="potencia-resultado">Le recomendamos</h2>
      <p className="sizing-headline">{headline(result)}</p>
      <ul className="sizing-facts">
        {facts(result).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>

      {fitting === null ? (
        <p className="sizing-fit">Ahora no podemos contar los equipos de la tienda; inténtelo de nuevo en unos minutos.</p>
      ) : fitting.count > 0 ? (
        <p className="sizing-fit">
          <Link to={fitting.href} className="button button-accent">
            {fitting.count === 1 ? `Ver el ${noun.one} que encaja` : `Ver los ${fitting.count} ${noun.many} que encajan`}
          </Link>
          <span className="sizing-fit-range">Potencias {range}.</span>
        </p>
      ) : (
        <p className="sizing-fit">
          Ahora no tenemos en la tienda ningún {noun.one} {range}.{" "}
          <Link to="/contacto">Pídanos presupuesto</Link> y le buscamos el equipo adecuado.
        </p>
      )}

      <p className="sizing-estimate">
        Es una estimación orientativa hecha con reglas sencillas. En la visita gratuita medimos su casa y le confirmamos la
        potencia antes de instalar.
      </p>

      <h3>Cómo lo hemos calculado</h3>
      <ol className="sizing-steps">
        {result.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      {result.notes.length > 0 ? (
        <>
          <h3>Tenga en cuenta</h3>
          <ul className="sizing-notes">
            {result.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}

      <h3>Fuentes</h3>
      <ul className="sizing-sources">
        {result.sources.map((key) => {
          const source = SOURCES[key];
          return (
            <li key={key}>
              {source.url ? (
                <a href={source.url} rel="noopener noreferrer" target="_blank">
                  {source.title}
                  <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              ) : (
                <strong>{source.title}</strong>
              )}
              . {source.detail}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
