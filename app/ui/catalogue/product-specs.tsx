import type { SpecRow } from "~/domain/catalogue/product-specs";

/** The characteristics of a product as a description list (label, value). */
export function ProductSpecs({ rows }: { rows: SpecRow[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="product-specs">
      {rows.map((row) => (
        <div key={row.label} className="product-spec">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
