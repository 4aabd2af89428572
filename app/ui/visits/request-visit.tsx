import { Link } from "react-router";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { VISIT_STATE_LABELS, type VisitState } from "~/domain/visits/visit-state";

type Props = { visit: { start: string; end: string; state: VisitState; place: string } | null };

/** The free visit of a quote request, on its back-office page (issue 17). */
export function RequestVisit({ visit }: Props) {
  return (
    <section className="admin-section" aria-labelledby="solicitud-visita">
      <h2 id="solicitud-visita">Visita</h2>
      {visit ? (
        <p>
          <span className={visit.state === "reservada" ? "admin-badge admin-badge-ok" : "admin-badge"}>{VISIT_STATE_LABELS[visit.state]}</span>{" "}
          {capitalize(visitWhen(visit.start, visit.end))} · {visit.place} · <Link to="/admin/visitas">Ver las visitas</Link>
        </p>
      ) : (
        <p className="admin-muted">El cliente no ha reservado visita por la web.</p>
      )}
    </section>
  );
}
