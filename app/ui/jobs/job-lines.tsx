import type { QuoteLine } from "~/domain/quotes/quote-content";

/** "1,5" from 1500 thousandths. */
function quantity(milli: number): string {
  return (milli / 1000).toLocaleString("es-ES", { maximumFractionDigits: 3 });
}

/** The accepted alternative's lines, as the technician and the owner read them on site (no prices). */
export function JobLines({ title, lines }: { title: string; lines: QuoteLine[] }) {
  if (lines.length === 0) return <p className="admin-muted">Sin líneas.</p>;
  return (
    <table className="admin-table stack job-lines">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Descripción</th>
          <th scope="col">Cantidad</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td data-label="Descripción">
              {line.description}
              {line.quality ? <span className="admin-muted"> · {line.quality}</span> : null}
              {line.used ? <span className="admin-muted"> · usado</span> : null}
            </td>
            <td data-label="Cantidad">
              {quantity(line.quantityMilli)} {line.unit}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
