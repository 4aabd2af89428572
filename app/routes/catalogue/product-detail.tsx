import { readForm } from "~/server/http/request-body.server";
import { useId, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import { detailPriceCents, INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";
import {
  catalogueHref,
  detailHref,
  FAMILY_LABELS,
  gasOptions,
  isFamily,
  type CatalogueProduct,
  type GasType,
} from "~/domain/catalogue/product";
import { absoluteUrl, metaDescription, productJsonLd, serializeJsonLd } from "~/domain/catalogue/product-json-ld";
import { galleryImages, productSpecs, selectedImageNumber, stockText } from "~/domain/catalogue/product-specs";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { INSTALLATION_INCLUDES, MAINTENANCE_INCLUDES } from "~/domain/site/services";
import { useRootData } from "~/root";
import { addToBasketAction } from "~/server/basket/basket-add.server";
import { findProduct, toCatalogueProduct } from "~/server/catalogue/catalogue.server";
import { eprelLinks } from "~/domain/catalogue/eprel";
import { CompareForm } from "~/ui/catalogue/compare-form";
import { CoverageCheck } from "~/ui/orders/coverage-check";
import { EnergyLabel, EnergyLabelLinks } from "~/ui/catalogue/energy-label";
import { PreviousPrice, Price } from "~/ui/price";
import { ProductGallery } from "~/ui/catalogue/product-gallery";
import { ProductSpecs } from "~/ui/catalogue/product-specs";
import { QuotePopup } from "~/ui/quotes/quote-popup";
import { StockAlertForm } from "~/ui/stock-alerts/stock-alert-form";
import type { Route } from "./+types/product-detail";
import { pageUrl } from "~/server/http/page-url.server";

/** /tienda/detalle/:name/:id — name is the family and must be the product's own (docs/deviations.md). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const family = params.name;
  if (!isFamily(family) || !/^[1-9]\d{0,8}$/.test(params.id)) throw data(null, { status: 404 });
  const row = await findProduct(family, Number(params.id));
  if (!row) throw data(null, { status: 404 });
  const product = toCatalogueProduct(row);
  const images = galleryImages(product);
  return {
    product,
    images,
    selectedImage: selectedImageNumber(pageUrl(request).searchParams.get("imagen"), images.length),
    installationPriceCents: INSTALLATION_PRICE_CENTS[family],
    maintenancePriceCents: family === "calderas" ? (MAINTENANCE_PRICE_CENTS.calderas ?? null) : null,
    gasOptions: family === "calderas" ? gasOptions(product.brand) : [],
    // Issue 15: the EPREL entry and the product information sheet, beside the energy label.
    eprel: eprelLinks(product),
  };
}

/** The shared "add to basket" action (spec section 5). */
export async function action({ request, context }: Route.ActionArgs) {
  return addToBasketAction(request, await readForm(request), context);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product, images } = loaderData;
  const shop = shopFromMatches(matches);
  return [
    ...pageMeta({
      title: `${product.brand} ${product.model} | ${FAMILY_LABELS[product.family].singular} | ${shop.name}`,
      description: metaDescription(product.description),
      baseUrl: shop.baseUrl,
      path: detailHref(product),
    }),
    { property: "og:type", content: "product" },
    ...(images[0] ? [{ property: "og:image", content: absoluteUrl(shop.baseUrl, images[0]) }] : []),
  ];
};

export default function ProductDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { product, images, selectedImage } = loaderData;
  const baseUrl = useRootData()?.shop.baseUrl ?? "";
  const name = `${product.brand} ${product.model}`;
  const family = FAMILY_LABELS[product.family];

  return (
    <div className="container product-detail">
      <script
        type="application/ld+json"
        // Escaped by serializeJsonLd: a "<" in the catalogue cannot end the element.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, { baseUrl, images })) }}
      />
      <nav aria-label="Migas de pan" className="breadcrumb">
        <ol>
          <li>
            <Link to="/tienda">Tienda</Link>
          </li>
          <li>
            <Link to={catalogueHref(product.family)}>{family.plural}</Link>
          </li>
          <li aria-current="page">{product.model}</li>
        </ol>
      </nav>

      <div className="detail-layout">
        <ProductGallery
          key={`${product.id}-${selectedImage}`}
          images={images}
          photos={product.photos}
          name={name}
          initialIndex={selectedImage - 1}
        />
        <div className="detail-info">
          <p className="detail-eyebrow">
            {family.singular} · {product.type}
          </p>
          <h1 className="detail-title">{name}</h1>
          <div className="detail-badges">
            {product.energyClass ? (
              <span className="detail-energy">
                <EnergyLabel energyClass={product.energyClass} size="large" />
              </span>
            ) : null}
            <EnergyLabelLinks links={loaderData.eprel} />
            <p className={product.stock > 0 ? "detail-stock" : "detail-stock detail-stock-out"}>
              {stockText(product.stock)}
            </p>
          </div>
          <AddToBasketForm
            key={product.id}
            product={product}
            installationPriceCents={loaderData.installationPriceCents}
            maintenancePriceCents={loaderData.maintenancePriceCents}
            gasOptions={loaderData.gasOptions}
            actionData={actionData}
          />
          {/* Issue 15: the same form for every visitor (a kept page); it posts to /avisos-disponibilidad. */}
          {product.stock <= 0 ? <StockAlertForm productId={product.id} /> : null}
          {/* Issue 15: a GET form to /cobertura (a fetcher with JavaScript); the kept page never holds an answer. */}
          <CoverageCheck context="equipo" back={detailHref(product)} />
          <div className="detail-quote">
            <p className="detail-quote-text">¿Prefiere que estudiemos su caso antes de comprar?</p>
            <QuotePopup productId={product.id} productName={name} />
          </div>
          <CompareForm productId={product.id} className="detail-compare" />
        </div>
      </div>

      <div className="detail-more">
        <section aria-labelledby="descripcion" className="detail-description">
          <h2 id="descripcion">Descripción</h2>
          <p>{product.description}</p>
          {product.description2 ? <p>{product.description2}</p> : null}
        </section>
        <section aria-labelledby="caracteristicas" className="detail-specs">
          <h2 id="caracteristicas">Características</h2>
          <ProductSpecs rows={productSpecs(product)} />
        </section>
      </div>
    </div>
  );
}

type AddFormProps = {
  product: CatalogueProduct;
  installationPriceCents: number;
  maintenancePriceCents: number | null;
  gasOptions: GasType[];
  /** The reply of a post made without JavaScript. */
  actionData: AddToBasketReply | undefined;
};

const GAS_LABELS: Record<GasType, string> = { natural: "Gas natural", propano: "Propano" };

/**
 * The add-to-basket form (spec sections 2 and 5): a real form posting to this route's action,
 * sent by a fetcher when JavaScript runs so the page stays where it is. The price follows the
 * installation choice at once; the server recomputes everything from the catalogue.
 */
function AddToBasketForm({ product, installationPriceCents, maintenancePriceCents, gasOptions, actionData }: AddFormProps) {
  const fetcher = useFetcher<typeof action>();
  const [installation, setInstallation] = useState<"NO" | "SI">("NO");
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const reply = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const soldOut = product.stock <= 0;
  const withInstallation = installation === "SI";
  const isBoiler = product.family === "calderas";

  return (
    <fetcher.Form
      method="post"
      className="detail-form"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="kind" value="producto" />
      <input type="hidden" name="family" value={product.family} />
      <input type="hidden" name="id" value={product.id} />

      <div className="detail-price">
        <p className="detail-price-amounts" aria-live="polite" aria-atomic="true">
          {product.previousPriceCents ? (
            <PreviousPrice cents={detailPriceCents(product.family, product.previousPriceCents, withInstallation)} />
          ) : null}
          <Price
            cents={detailPriceCents(product.family, product.priceCents, withInstallation)}
            className="price"
          />
          <span className="detail-price-notes" data-testid="price-notes">
            <span>IVA incluido.</span> <span>{withInstallation ? "Precio Con instalación." : "Precio Sin instalación."}</span>
          </span>
        </p>
        {isBoiler && product.promotion && product.promotionDiscountCents ? (
          <p className="detail-promotion">
            Promoción del fabricante: -{formatEuros(product.promotionDiscountCents)} de descuento
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={field("installation")}>Instalación</label>
        <select
          id={field("installation")}
          name="instalacion"
          value={installation}
          onChange={(event) => setInstallation(event.target.value === "SI" ? "SI" : "NO")}
          aria-describedby={field("installation-help")}
        >
          <option value="NO">NO</option>
          <option value="SI">SI</option>
        </select>
        <p className="field-help" id={field("installation-help")}>
          La instalación basica incluye: {INSTALLATION_INCLUDES[product.family]} Precio de la instalación:{" "}
          {formatEuros(installationPriceCents)}.
        </p>
      </div>

      {isBoiler && maintenancePriceCents !== null ? (
        <div className="field">
          <label htmlFor={field("maintenance")}>Mantenimiento anual ({formatEuros(maintenancePriceCents)}/año)</label>
          <select
            id={field("maintenance")}
            name="mantenimiento"
            defaultValue="NO"
            aria-describedby={field("maintenance-help")}
          >
            <option value="NO">NO</option>
            <option value="SI">SI</option>
          </select>
          <p className="field-help" id={field("maintenance-help")}>
            El mantenimiento anual incluye: {MAINTENANCE_INCLUDES.calderas}
          </p>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={field("region")}>
          ¿En que Comunidad desea contratar el/los servicio/s? <span className="required" aria-hidden="true">*</span>
        </label>
        {/* Not `required`: with no service chosen the empty region is allowed (spec section 5). */}
        <select id={field("region")} name="provincia" defaultValue="madrid" aria-describedby={field("region-help")}>
          <option value="">Seleccione una Comunidad</option>
          <option value="madrid">Madrid</option>
        </select>
        <p className="field-help" id={field("region-help")}>
          Obligatoria si contrata la instalación o el mantenimiento: de momento solo damos servicio en la Comunidad de
          Madrid.
        </p>
      </div>

      {isBoiler && gasOptions.length > 0 ? (
        <div className="field">
          <label htmlFor={field("gas")}>Tipo de gas</label>
          <select id={field("gas")} name="gas" defaultValue="natural">
            {gasOptions.map((gas) => (
              <option key={gas} value={gas}>
                {GAS_LABELS[gas]}
              </option>
            ))}
          </select>
          {gasOptions.length === 1 ? <p className="field-help">Esta caldera solo funciona con gas natural.</p> : null}
        </div>
      ) : null}

      <button type="submit" className="button button-accent detail-add" disabled={soldOut} aria-busy={busy || undefined}>
        {busy ? "Añadiendo…" : "Añadir al carrito"}
      </button>

      {reply?.ok ? (
        <p className="form-ok detail-message" role="status">
          Añadido al carrito. <Link to="/carrito">Ver carrito</Link>
        </p>
      ) : null}
      {reply && !reply.ok ? (
        <p className="form-error detail-message" role="alert">
          {reply.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
