import type { CatalogueProduct } from "~/domain/product";
import { ProductCard } from "./product-card";

/** The cards of a catalogue or search page, the first three loaded at once; a spinner while a new page loads. */
export function ProductGrid({
  items,
  loading,
  onRequestQuote,
}: {
  items: readonly CatalogueProduct[];
  loading: boolean;
  onRequestQuote: (product: CatalogueProduct) => void;
}) {
  return (
    <div className="catalogue-grid-wrap" aria-busy={loading}>
      {loading ? <span className="spinner" role="progressbar" aria-label="Cargando productos" /> : null}
      <ul className="catalogue-grid">
        {items.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < 3} first={index === 0} onRequestQuote={onRequestQuote} />
          </li>
        ))}
      </ul>
    </div>
  );
}
