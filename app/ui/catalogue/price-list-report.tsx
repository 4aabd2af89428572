import { Form } from "react-router";
import { PRICE_LIST_FIELD_LABELS, type PriceListChange, type PriceListPlan } from "~/domain/catalogue/price-list";
import { formatEuros } from "~/domain/money";
import { countText } from "~/ui/admin/count-text";

/*
 * The dry run of a CSV price list (issue 11): errors by line, then what each line would
 * change (before → after), and the button that applies it all when there is no error.
 */

function shown(field: PriceListChange["field"], value: PriceListChange["before"]): string {
  if (value === null) return "sin precio anterior";
  if (typeof value === "boolean") return value ? "visible" : "oculto";
  return field === "priceCents" || field === "previousPriceCents" ? formatEuros(value) : String(value);
}

type Props = { plan: PriceListPlan; text: string; fingerprint: string; busy: boolean };

export function PriceListReport({ plan, text, fingerprint, busy }: Props) {
  const { changed, unchanged, errors } = plan;
  return (
    <section className="admin-section" aria-labelledby="importar-resultado">
      <h2 id="importar-resultado">Comprobación de la lista</h2>
      <p role="status">
        {countText(changed.length, "producto cambiaría", "productos cambiarían")}, {countText(unchanged, "sin cambios", "sin cambios")},{" "}
        {countText(errors.length, "línea con errores", "líneas con errores")}. Todavía no se ha cambiado nada.
      </p>
      {errors.length > 0 ? (
        <>
          <h3 className="form-error">Errores</h3>
          <p>Corrija estas líneas en el archivo y vuelva a comprobarlo: mientras haya errores no se aplica ningún cambio.</p>
          <div className="admin-table-wrap">
            <table className="admin-table stack">
              <caption className="visually-hidden">Líneas con errores</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Línea
                  </th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {errors.map((error, i) => (
                  <tr key={`${error.line}-${i}`}>
                    <td data-label="Línea" className="num">
                      {error.line}
                    </td>
                    <td data-label="Error">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {changed.length > 0 ? (
        <>
          <h3>Cambios</h3>
          <div className="admin-table-wrap">
            <table className="admin-table stack">
              <caption className="visually-hidden">Cambios que se aplicarían, por línea del archivo</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Línea
                  </th>
                  <th scope="col">Producto</th>
                  <th scope="col">Cambio</th>
                </tr>
              </thead>
              <tbody>
                {changed.map((line) => (
                  <tr key={line.id}>
                    <td data-label="Línea" className="num">
                      {line.line}
                    </td>
                    <td data-label="Producto">
                      {/* One child: on a phone the cell is a label-and-value grid. */}
                      <span>
                        {line.name} <span className="admin-muted">(id {line.id})</span>
                      </span>
                    </td>
                    <td data-label="Cambio">
                      <ul className="admin-changes">
                        {line.changes.map((change) => (
                          <li key={change.field}>
                            {PRICE_LIST_FIELD_LABELS[change.field]}: {shown(change.field, change.before)}{" "}
                            <span aria-hidden="true">→</span>
                            <span className="visually-hidden">pasa a</span> <strong>{shown(change.field, change.after)}</strong>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {errors.length === 0 && changed.length > 0 ? (
        // Multipart: the list travels back whole, and may be larger than an ordinary form.
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="aplicar" />
          <input type="hidden" name="texto" value={text} />
          <input type="hidden" name="huella" value={fingerprint} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Aplicando…" : `Aplicar cambios (${countText(changed.length, "producto", "productos")})`}
          </button>
        </Form>
      ) : errors.length === 0 ? (
        <p>La lista no cambia nada: todos los productos ya tienen esos valores.</p>
      ) : null}
    </section>
  );
}
