import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { parseSizingQuery, defaultValues } from "~/domain/sizing/sizing-form-schema";
import { FAMILY_CHOICES, SIZED_FAMILIES, sizingHref, type SizingField } from "~/domain/sizing/sizing-inputs";
import { size } from "~/domain/sizing/sizing-rules";
import { log } from "~/server/log.server";
import { fittingProducts } from "~/server/sizing/fitting-products.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import { fieldId, SizingForm } from "~/ui/sizing/sizing-form";
import { SizingResultView, type FittingView } from "~/ui/sizing/sizing-result";
import type { Route } from "./+types/sizing-advisor";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /que-potencia-necesito?familia=aires|calderas|aerotermia&…: the sizing advisor (issue 15,
 * decision 0014). A GET form answered on the same page, so every result is a link; a bad
 * value is a 400 with the messages beside the fields, never a 500.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseSizingQuery(pageUrl(request).searchParams);
  if (query.state !== "valid") {
    const values = query.state === "empty" ? defaultValues(query.family) : query.values;
    const errors = query.state === "invalid" ? query.errors : {};
    return data(
      { family: query.family, values, errors, asked: query.state === "invalid", result: null, fitting: null },
      { status: query.state === "invalid" ? 400 : 200 },
    );
  }
  const result = size(query.input);
  let fitting: FittingView = null;
  try {
    fitting = await fittingProducts(query.family, result.window);
  } catch (error) {
    log("sizing").error({ err: error }, "no se pudieron contar los productos que encajan");
  }
  // Without the count the page is still worth showing, but not worth keeping in the page cache.
  return data(
    { family: query.family, values: query.values, errors: {}, asked: true, result, fitting },
    { status: fitting ? 200 : 503 },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  const family = loaderData?.family ?? "aires";
  return pageMeta({
    title: `¿Qué potencia necesito? Calcule su ${FAMILY_CHOICES[family].title} | ${shop.name}`,
    description:
      "Calcule en un minuto la potencia de aire acondicionado (frigorías y kW), caldera (kW y litros por minuto) o aerotermia que necesita su casa, según su provincia, superficie y aislamiento.",
    baseUrl: shop.baseUrl,
    path: sizingHref(family),
    // A computed answer is a link to share, not a page to index.
    noindex: loaderData?.asked ?? false,
  });
};

const INTRO_EXTRA = {
  aires: "Sumamos el calor de las personas que suelen estar en la estancia.",
  calderas: "Calculamos el agua caliente de las duchas que se usan a la vez: la caldera se elige por lo que más pida.",
  aerotermia: "Sumamos el agua caliente de su familia según el Código Técnico y le proponemos el depósito.",
} as const;

export default function SizingAdvisor({ loaderData }: Route.ComponentProps) {
  const { family, values, errors, result, fitting } = loaderData;
  const messages = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return (
    <div className="container sizing-page">
      <h1 className="page-title">¿Qué potencia necesito?</h1>
      <p className="sizing-lead">
        Díganos cómo es su casa y le calculamos la potencia del equipo, con las reglas que usamos los instaladores y la zona
        climática de su provincia. Le explicamos cada paso.
      </p>

      <nav className="sizing-tabs" aria-label="Tipo de equipo">
        <ul>
          {SIZED_FAMILIES.map((choice) => (
            <li key={choice}>
              <Link to={sizingHref(choice)} aria-current={choice === family ? "page" : undefined}>
                {FAMILY_CHOICES[choice].tab}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {family === null ? (
        <p className="form-error" role="alert">
          {errors.family}
        </p>
      ) : (
        <div className={result ? "sizing-layout sizing-layout-answered" : "sizing-layout"}>
          {result ? <SizingResultView result={result} fitting={fitting} /> : null}
          <section className="sizing-form-panel" aria-labelledby="potencia-datos">
            <h2 id="potencia-datos">{result ? "Cambie los datos" : family === "aires" ? "Datos de la estancia" : "Datos de su casa"}</h2>
            {messages.length > 0 ? (
              <div className="sizing-errors" role="alert">
                <p className="form-error">Revise {messages.length === 1 ? "este dato" : "estos datos"}:</p>
                <ul>
                  {messages.map(([field, message]) => (
                    <li key={field}>
                      <a href={`#${fieldId(field as SizingField)}`}>{message}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <SizingForm key={`${family}${JSON.stringify(values)}`} family={family} values={values} errors={errors} />
          </section>
          {result ? null : (
            <aside className="sizing-intro" aria-labelledby="potencia-como">
              <h2 id="potencia-como">Cómo lo calculamos</h2>
              <ol>
                <li>Buscamos la zona climática de su provincia en el Código Técnico de la Edificación.</li>
                <li>Aplicamos la regla que usamos los instaladores por metro cuadrado, corregida por el aislamiento, el sol y la altura del techo.</li>
                <li>{INTRO_EXTRA[family]}</li>
                <li>Le enseñamos los equipos de la tienda que encajan, y le explicamos cada número.</li>
              </ol>
              <p>Es una estimación: en la visita gratuita le confirmamos la potencia midiendo su casa.</p>
            </aside>
          )}
        </div>
      )}
      <p className="sizing-back">
        <Link to={sizingHref(family ?? "aires")}>Empezar de nuevo</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
