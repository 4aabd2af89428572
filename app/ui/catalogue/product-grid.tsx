import { Link } from "react-router";
import type { CatalogueProduct } from "~/domain/catalogue/product";
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

/** How many products the list holds (empty when it could not be read), and what was just added to the basket. */
export function ListStatus({ total, added }: { total: number | null; added: string | null }) {
  return (
    <>
      <p className="catalogue-count" aria-live="polite">
        {total === null ? "" : total === 1 ? "1 producto" : `${total} productos`}
      </p>
      <p className="form-ok catalogue-added" role="status">
        {added ? (
          <>
            {added} <Link to="/carrito">Ver carrito</Link>
          </>
        ) : null}
      </p>
    </>
  );
}
