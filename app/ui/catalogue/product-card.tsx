import { Link } from "react-router";
import { detailHref, FAMILY_LABELS, type CatalogueProduct } from "~/domain/catalogue/product";
import { formatEuros } from "~/domain/money";
import { CompareForm } from "./compare-form";
import { EnergyLabel } from "./energy-label";
import { Photo } from "../photo";
import { Price, PreviousPrice } from "../price";
import { cardFeatures } from "./product-card-features";

/** A card is a column of the grid (260 px and up): about 360 px on a desktop, the width of a phone. */
const CARD_SIZES = "(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw";

type Props = {
  product: CatalogueProduct;
  /** The first cards are above the fold: load their images at once. */
  eager: boolean;
  /** The very first card: its uploaded photo is preloaded (on a phone it is the largest paint). */
  first?: boolean;
  onRequestQuote: (product: CatalogueProduct) => void;
};

/** A catalogue card (spec section 2, "Card content"). */
export function ProductCard({ product, eager, first = false, onRequestQuote }: Props) {
  const href = detailHref(product);
  const titleId = `producto-${product.id}`;
  const name = `${product.brand} ${product.model}`;
  const isBoiler = product.family === "calderas";
  const alt = `${FAMILY_LABELS[product.family].singular} ${name}`;
  const mainPhoto = product.photos?.[0];
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <div className="card-media">
        {mainPhoto ? (
          <Photo
            photo={mainPhoto}
            alt={alt}
            sizes={CARD_SIZES}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            preload={first}
            className="photo-contain"
          />
        ) : (
          <img src={product.image} alt={alt} width={400} height={400} loading={eager ? "eager" : "lazy"} fetchPriority={eager ? "high" : "auto"} />
        )}
        <div className="card-badges">
          {product.deal ? <span className="tag tag-deal">Oferta</span> : null}
          {isBoiler && product.promotion ? <span className="tag tag-promo">Promoción</span> : null}
          {isBoiler && product.promotion && product.promotionDiscountCents ? (
            <span className="tag tag-discount">-{formatEuros(product.promotionDiscountCents).replace(/,00\s?€/, "€")}</span>
          ) : null}
        </div>
        {product.energyClass ? (
          <span className="card-energy">
            <EnergyLabel energyClass={product.energyClass} />
          </span>
        ) : null}
        <span className="brand-logo" aria-hidden="true">
          {product.brand}
        </span>
        <div className="card-features">
          <p className="card-features-title">Caracteristicas</p>
          <dl>
            {cardFeatures(product).map((feature) => (
              <div key={feature.label}>
                <dt>{feature.label}</dt>
                <dd>{feature.value}</dd>
              </div>
            ))}
          </dl>
          <Link to={href} className="card-details-link" aria-label={`Ver Detalles de ${name}`}>
            Ver Detalles
          </Link>
        </div>
      </div>
      <div className="card-body">
        <p className="card-meta">
          <span className={product.stock <= 3 ? "stock stock-low" : "stock"}>
            {product.stock > 0 ? `Quedan ${product.stock} unidades` : "Agotado"}
          </span>
          {product.certification ? <span className="certification">Certificación {product.certification}</span> : null}
        </p>
        <h2 className="card-title" id={titleId}>
          <Link to={href}>
            <span className="card-brand">{product.brand}</span> <span className="card-model">{product.model}</span>
          </Link>
        </h2>
        <p className="card-price">
          {product.previousPriceCents ? <PreviousPrice cents={product.previousPriceCents} /> : null}
          <Price cents={product.priceCents} className="price" />
          <span className="price-notes">IVA incl. · Sin inst.</span>
        </p>
        <Link
          to={href}
          className="button button-accent card-quote"
          aria-haspopup="dialog"
          aria-describedby={titleId}
          onClick={(event) => {
            // With JavaScript the pop-up opens here; without it, the detail page has the same form.
            event.preventDefault();
            onRequestQuote(product);
          }}
        >
          Pedir presupuesto
        </Link>
        <CompareForm productId={product.id} describedBy={titleId} className="card-compare" />
      </div>
    </article>
  );
}
