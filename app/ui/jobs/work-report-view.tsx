import { Price } from "../price";
import { DocumentFingerprint } from "../document-fingerprint";
import { SIGNATURE_BOX } from "../signature-pad";

/*
 * A signed work report as the technician's page shows it once the server has it (issue 17),
 * and the owner's summary of it on the job's page (WorkReportSummary). The data is the
 * server's (app/server/jobs/work-report-store.server.ts, reportForPage).
 */

export type SignedReport = {
  signedAt: string;
  technicianName: string;
  kind: string;
  /** "Equipos instalados", or "Equipos revisados" on a plan's maintenance visit. */
  unitsTitle: string;
  checklist: { item: string; done: boolean }[];
  combustion: string[] | null;
  /** A refrigerant leak found by a maintenance visit, as the record says it (issue 31). */
  leak?: string | null;
  /** A repair's findings and amount, one fact per line (issue 31). */
  repair?: string[] | null;
  units: { name: string; serialNumber: string }[];
  extras: string[];
  extrasTotalCents: number;
  vatRate: number;
  notes: string;
  photos: { src: string; href: string; width: number; height: number }[];
  statements: string[];
  signature: string;
  signerName: string;
  signerIdNumber: string;
  documentSha256: string;
  pdfHref: string;
};

/** The customer's strokes, drawn again from the stored path data. */
export function SignatureImage({ path, label }: { path: string; label: string }) {
  return (
    <svg className="work-report-signature-image" viewBox={`0 0 ${SIGNATURE_BOX.width} ${SIGNATURE_BOX.height}`} role="img" aria-label={label}>
      <path d={path} fill="none" stroke="#0a2a47" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Units({ report }: { report: SignedReport }) {
  if (report.units.length === 0) return <p className="admin-muted">Sin equipos del catálogo.</p>;
  return (
    <ul>
      {report.units.map((unit, i) => (
        <li key={i}>
          {unit.name}: número de serie <strong>{unit.serialNumber}</strong>
        </li>
      ))}
    </ul>
  );
}

function Extras({ report }: { report: SignedReport }) {
  if (report.extras.length === 0) return null;
  if (report.repair) {
    return (
      <>
        <h3>Mano de obra y materiales</h3>
        <ul>
          {report.extras.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <h3>Trabajos adicionales</h3>
      <ul>
        {report.extras.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <p>
        Total de los adicionales: <strong><Price cents={report.extrasTotalCents} /></strong> (IVA del {report.vatRate} % incluido)
      </p>
    </>
  );
}

export function WorkReportView({ report }: { report: SignedReport }) {
  const signer = [report.signerName, report.signerIdNumber].filter(Boolean).join(", ");
  return (
    <section className="admin-section work-report-signed" aria-labelledby="parte-firmado">
      <h2 id="parte-firmado">Parte firmado</h2>
      <p role="status">
        Firmado el {report.signedAt} (hora de Madrid){signer ? ` por ${signer}` : ""}. <a href={report.pdfHref}>Descargar el parte en PDF</a>
      </p>
      <h3>{report.kind}</h3>
      <ul className="work-report-done">
        {report.checklist.map((check) => (
          <li key={check.item}>
            {check.done ? "✔" : "—"} {check.item}
            {check.done ? null : <span className="visually-hidden"> (no marcado)</span>}
          </li>
        ))}
      </ul>
      {report.combustion ? (
        <>
          <h3>Análisis de combustión</h3>
          <ul>
            {report.combustion.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {report.leak ? (
        <>
          <h3>Fuga de refrigerante</h3>
          <p role="note">{report.leak}</p>
        </>
      ) : null}
      {report.repair ? null : (
        <>
          <h3>{report.unitsTitle}</h3>
          <Units report={report} />
        </>
      )}
      <Extras report={report} />
      {report.repair ? (
        <>
          <h3>Reparación</h3>
          <ul data-testid="repair-lines">
            {report.repair.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {report.notes ? (
        <>
          <h3>Notas</h3>
          <p className="admin-pre">{report.notes}</p>
        </>
      ) : null}
      {report.photos.length > 0 ? (
        <>
          <h3>Fotos</h3>
          <ul className="work-report-photos">
            {report.photos.map((photo, i) => (
              <li key={photo.src}>
                <a href={photo.href}>
                  <img src={photo.src} alt={`Foto ${i + 1} del trabajo`} width={120} height={Math.round((120 * photo.height) / photo.width)} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Firma del cliente</h3>
      <ul>
        {report.statements.map((statement) => (
          <li key={statement}>{statement}</li>
        ))}
      </ul>
      <SignatureImage path={report.signature} label={`Firma del cliente${signer ? `: ${signer}` : ""}`} />
      <DocumentFingerprint sha256={report.documentSha256} of="el parte de trabajo" />
    </section>
  );
}

/** The owner's view on /admin/trabajos/:id: who signed when, the units and extras, and the PDF. */
export function WorkReportSummary({ report }: { report: SignedReport | null }) {
  return (
    <section className="admin-section" aria-labelledby="trabajo-parte">
      <h2 id="trabajo-parte">Parte de trabajo</h2>
      {report ? (
        <>
          <p>
            Firmado el {report.signedAt} (hora de Madrid){report.signerName ? ` por ${report.signerName}` : ""}; técnico: {report.technicianName}. {report.kind}.
          </p>
          <Units report={report} />
          <Extras report={report} />
          {report.photos.length > 0 ? <p>{report.photos.length === 1 ? "1 foto" : `${report.photos.length} fotos`} (en el PDF).</p> : null}
          <p>
            <a href={report.pdfHref} className="button button-secondary">
              Descargar el parte en PDF
            </a>
          </p>
        </>
      ) : (
        <p className="admin-muted">El técnico aún no ha enviado el parte.</p>
      )}
    </section>
  );
}
