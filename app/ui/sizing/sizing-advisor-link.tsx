import { Link } from "react-router";
import type { SizedFamily } from "~/domain/sizing/sizing-guide";
import { sizingHref } from "~/domain/sizing/sizing-inputs";

const WHAT: Record<SizedFamily, string> = {
  aires: "con la superficie, la provincia, el aislamiento y el sol de la estancia",
  calderas: "con la superficie, la provincia, el aislamiento y los baños que se usan a la vez",
  aerotermia: "con la superficie, la provincia, el aislamiento y las personas que viven en casa",
};

/** The help pages' way to the sizing advisor (issue 15), under their table of sizes. */
export function SizingAdvisorLink({ family }: { family: SizedFamily }) {
  return (
    <p className="sizing-advisor-link">
      <Link to={sizingHref(family)} className="help-link">
        ¿Qué potencia necesito?
      </Link>{" "}
      Calcúlela en un minuto {WHAT[family]}.
    </p>
  );
}
