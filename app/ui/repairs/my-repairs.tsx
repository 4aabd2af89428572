import { Link } from "react-router";
import { REPAIR_STATE_LABELS, type RepairState } from "~/domain/repairs/repair-fields";

/** «Mis equipos» (issue 31): the breakdowns reported, with where each stands, and the way to report one. */
export function MyRepairs({ repairs }: { repairs: { id: number; reference: string; reportedAt: string; unit: string; state: RepairState; cost: string; page: string }[] }) {
  return (
    <section aria-labelledby="mis-averias">
      <h2 id="mis-averias" className="equipment-section-title">
        Avisos de avería
      </h2>
      {repairs.length ? (
        <ul className="equipment-list">
          {repairs.map((repair) => (
            <li key={repair.id} className="equipment-card">
              <h3>
                {repair.reference} · {repair.unit}
              </h3>
              <dl className="equipment-facts">
                <dt>Enviado el</dt>
                <dd>{repair.reportedAt}</dd>
                <dt>Estado</dt>
                <dd>{REPAIR_STATE_LABELS[repair.state]}</dd>
                <dt>Lo que cuesta</dt>
                <dd>{repair.cost}</dd>
              </dl>
              <p>
                <a href={repair.page}>Ver el aviso {repair.reference}</a> (la visita, el parte, la factura y el pago)
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/averias">Avisar de una avería de otro equipo</Link>
      </p>
    </section>
  );
}
