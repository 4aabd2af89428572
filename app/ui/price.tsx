import { formatEuros } from "~/domain/catalogue/service-prices";

/** Every amount a visitor reads goes through here (integer cents in, "1234,50 €" out). */
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
