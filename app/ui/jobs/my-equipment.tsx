import { Link } from "react-router";
import type { PlanOffer } from "~/domain/maintenance/my-plan";
import { PlanOfferForUnit } from "../maintenance/plan-offer";
import { formatYmd } from "~/domain/dates/madrid-dates";
import type { EquipmentRow } from "~/domain/jobs/equipment";

/** One guarantee line: its end, and whether it still runs on `today` ("YYYY-MM-DD", Madrid). */
function Guarantee({ label, until, today }: { label: string; until: string | null; today: string }) {
  if (!until) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        hasta el {formatYmd(until)} {until >= today ? <span className="equipment-live">(vigente)</span> : <span className="equipment-ended">(terminada)</span>}
      </dd>
    </>
  );
}

/** The units installed for the customer (issue 17): what, serial number, when, guarantees and documents. */
/** offers: the yearly maintenance offered under a unit, by the unit's id (issue 31). */
export function MyEquipment({ units, today, offers = {} }: { units: EquipmentRow[]; today: string; offers?: Record<number, PlanOffer> }) {
  return (
    <ul className="equipment-list">
      {units.map((unit) => (
        <li key={unit.id} className="equipment-card">
          <h2>{`${unit.brand} ${unit.model}`.trim() || "Equipo instalado"}</h2>
          <dl className="equipment-facts">
            <dt>Número de serie</dt>
            <dd>{unit.serialNumber}</dd>
            <dt>Instalado el</dt>
            <dd>{formatYmd(unit.installedOn)}</dd>
            <Guarantee label="Garantía de mano de obra" until={unit.labourWarrantyUntil} today={today} />
            <Guarantee label="Garantía de piezas" until={unit.partsWarrantyUntil} today={today} />
            <Guarantee label="Garantía legal del equipo" until={unit.legalGuaranteeUntil} today={today} />
          </dl>
          <h3 className="equipment-docs-title">Documentos</h3>
          <ul className="equipment-docs">
            {unit.documents.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href}>{doc.label} (PDF)</a>
              </li>
            ))}
          </ul>
          <p className="equipment-repair">
            <Link to={`/averias?equipo=${unit.id}`}>Avisar de una avería de este equipo</Link>
          </p>
          {offers[unit.id] ? <PlanOfferForUnit offer={offers[unit.id]!} unitId={unit.id} unitName={`${unit.brand} ${unit.model}`.trim() || "su equipo"} /> : null}
        </li>
      ))}
    </ul>
  );
}
