import type { WeekFigures } from "~/domain/admin/figures";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";

/*
 * Twelve weeks of invoicing and of quotes sent and accepted (issue 30), drawn on the server as
 * SVG: no chart library, nothing added to the page's JavaScript. The numbers behind each bar
 * are in a table under the chart (for a screen reader, and for whoever wants the figures).
 */

const WIDTH = 360;
const HEIGHT = 120;
const BOTTOM = 18;
const SLOT = WIDTH / 12;

/** "7/9": a week's Monday, short. */
const dayMonth = (ymd: string) => `${Number(ymd.slice(8, 10))}/${Number(ymd.slice(5, 7))}`;

function Axis({ weeks }: { weeks: WeekFigures[] }) {
  return (
    <>
      <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM + 0.5} y2={HEIGHT - BOTTOM + 0.5} className="chart-axis" />
      {weeks.map((week, i) =>
        i % 2 === 1 ? (
          <text key={week.week} x={i * SLOT + SLOT / 2} y={HEIGHT - 4} textAnchor="middle" className="chart-label">
            {dayMonth(week.week)}
          </text>
        ) : null,
      )}
    </>
  );
}

const barHeight = (value: number, max: number) => (max > 0 ? Math.max(value > 0 ? 2 : 0, ((HEIGHT - BOTTOM - 14) * value) / max) : 0);

export function WeeklyChart({ weeks }: { weeks: WeekFigures[] }) {
  const maxCents = Math.max(0, ...weeks.map((week) => week.invoicedCents));
  const maxQuotes = Math.max(0, ...weeks.map((week) => week.quotesSent), ...weeks.map((week) => week.quotesAccepted));
  const base = HEIGHT - BOTTOM;
  const total = weeks.reduce((sum, week) => sum + week.invoicedCents, 0);
  return (
    <>
      <figure className="admin-chart">
        <figcaption>Facturado por semana (IVA incluido); la más alta, {formatEuros(maxCents)}</figcaption>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Facturado en las últimas 12 semanas: ${formatEuros(total)} en total; la semana más alta, ${formatEuros(maxCents)}.`}>
          {weeks.map((week, i) => {
            const h = barHeight(week.invoicedCents, maxCents);
            return <rect key={week.week} x={i * SLOT + 4} y={base - h} width={SLOT - 8} height={h} className="chart-bar" />;
          })}
          <Axis weeks={weeks} />
        </svg>
      </figure>
      <figure className="admin-chart">
        <figcaption>
          Presupuestos por semana: <span className="chart-key chart-key-sent">enviados</span> y <span className="chart-key chart-key-accepted">aceptados</span>
        </figcaption>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Presupuestos en las últimas 12 semanas: ${weeks.reduce((n, w) => n + w.quotesSent, 0)} enviados y ${weeks.reduce((n, w) => n + w.quotesAccepted, 0)} aceptados.`}
        >
          {weeks.map((week, i) => {
            const sent = barHeight(week.quotesSent, maxQuotes);
            const accepted = barHeight(week.quotesAccepted, maxQuotes);
            return (
              <g key={week.week}>
                <rect x={i * SLOT + 3} y={base - sent} width={SLOT / 2 - 3} height={sent} className="chart-bar-sent" />
                <rect x={i * SLOT + SLOT / 2} y={base - accepted} width={SLOT / 2 - 3} height={accepted} className="chart-bar-accepted" />
              </g>
            );
          })}
          <Axis weeks={weeks} />
        </svg>
      </figure>
      <details className="admin-chart-data">
        <summary>Ver las cifras de cada semana</summary>
        <div className="admin-chart-table-wrap">
          <table className="admin-chart-table">
            <caption className="visually-hidden">Cifras de las últimas 12 semanas, de la más antigua a la actual</caption>
            <thead>
              <tr>
                <th scope="col">Semana del</th>
                <th scope="col">Facturado</th>
                <th scope="col">Presupuestos enviados</th>
                <th scope="col">Aceptados</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">{formatYmd(week.week)}</th>
                  <td>{formatEuros(week.invoicedCents)}</td>
                  <td>{week.quotesSent}</td>
                  <td>{week.quotesAccepted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
