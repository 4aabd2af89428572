import { Link } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "~/domain/quotes/quote-status";

type Row = { number: string; href: string; status: QuoteStatus; version: number; validUntil: string | null; expired: boolean };

/** The signed-in customer's written quotes (issue 17), beside "Mis Pedidos"; nothing when there are none. */
export function MyQuotes({ quotes }: { quotes: Row[] }) {
  if (quotes.length === 0) return null;
  return (
    <section aria-labelledby="mis-presupuestos" className="account-orders">
      <h2 id="mis-presupuestos">Mis presupuestos</h2>
      <ul className="my-quotes">
        {quotes.map((quote) => (
          <li key={quote.number}>
            <Link to={quote.href}>Presupuesto {quote.number}</Link> · versión {quote.version} · {quote.expired ? "Caducado" : QUOTE_STATUS_LABELS[quote.status]}
            {quote.validUntil && !quote.expired && quote.status === "enviado" ? ` · válido hasta el ${formatYmd(quote.validUntil)}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
