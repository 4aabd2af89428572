import { formatEuros } from "~/domain/money";

/** Every amount a visitor reads goes through here (integer cents in, "1.234,50 €" out: money.ts, decision 0021). */
export function Price({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatEuros(cents)}</span>;
}

/** A previous price, struck through and announced as such. */
export function PreviousPrice({ cents }: { cents: number }) {
  return (
    <del className="price-before">
      <span className="visually-hidden">Antes: </span>
      {formatEuros(cents)}
    </del>
  );
}
