import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import type { AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import { hasMaintenance, INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { gasOptions, type CatalogueProduct } from "~/domain/catalogue/product";
import { Modal } from "../modal";
import { Price } from "../price";

type Props = {
  product: CatalogueProduct | null;
  onClose: () => void;
  onAdded: (product: CatalogueProduct) => void;
};

/** The add-to-basket pop-up of the catalogue cards (spec sections 2, 4 and 5). */
export function AddToBasketPopup({ product, onClose, onAdded }: Props) {
  const titleId = useId();
  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={titleId}>
      {/* Mounted per opening: every opening starts with empty choices and no error (spec section 4). */}
      {product ? <PopupForm key={product.id} product={product} titleId={titleId} onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

function PopupForm({ product, titleId, onClose, onAdded }: Props & { product: CatalogueProduct; titleId: string }) {
  const fetcher = useFetcher<AddToBasketReply>();
  const id = useId();
  const isThermostat = product.family === "termostatos";
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply?.ok) onAdded(product);
  }, [reply, onAdded, product]);

  return (
    <fetcher.Form method="post" className="popup-form" noValidate>
      <h2 id={titleId}>Pedir presupuesto</h2>
      <div className="popup-product">
        <img src={product.image} alt="" width={96} height={96} />
        <div>
          <p className="popup-product-name">
            {product.brand} {product.model}
          </p>
          <p>
            <Price cents={product.priceCents} className="price" /> <span className="price-notes">IVA incl. · Sin inst.</span>
          </p>
        </div>
      </div>
      <input type="hidden" name="kind" value="producto" />
      <input type="hidden" name="family" value={product.family} />
      <input type="hidden" name="id" value={product.id} />

      <div className="field">
        <label htmlFor={`${id}-inst`}>
          Instalación (<Price cents={INSTALLATION_PRICE_CENTS[product.family]} />)
        </label>
        {isThermostat ? (
          <select id={`${id}-inst`} name="instalacion" defaultValue="NO">
            <option value="NO">NO</option>
            <option value="SI">SI</option>
          </select>
        ) : (
          <>
            {/* Fixed to SI for boilers, air and aerothermal; a disabled select is not sent. */}
            <select id={`${id}-inst`} value="SI" disabled>
              <option value="SI">SI</option>
            </select>
            <input type="hidden" name="instalacion" value="SI" />
          </>
        )}
      </div>

      {hasMaintenance(product.family) ? (
        <div className="field">
          <label htmlFor={`${id}-mant`}>
            Mantenimiento anual (<Price cents={MAINTENANCE_PRICE_CENTS[product.family] ?? 0} />
            /año)
          </label>
          <select id={`${id}-mant`} name="mantenimiento" defaultValue="NO">
            <option value="NO">NO</option>
            <option value="SI">SI</option>
          </select>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={`${id}-region`}>
          ¿En que Comunidad desea contratar el/los servicio/s? <span className="required" aria-hidden="true">*</span>
        </label>
        <select id={`${id}-region`} name="provincia" defaultValue="" aria-describedby={reply && !reply.ok ? `${id}-error` : undefined}>
          <option value=""></option>
          <option value="madrid">Madrid</option>
        </select>
      </div>

      {product.family === "calderas" ? (
        <div className="field">
          <label htmlFor={`${id}-gas`}>Tipo de gas</label>
          <select id={`${id}-gas`} name="gas" defaultValue="natural">
            {gasOptions(product.brand).map((gas) => (
              <option key={gas} value={gas}>
                {gas === "natural" ? "Gas natural" : "Propano"}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {reply && !reply.ok ? (
        <p className="form-error" role="alert" id={`${id}-error`}>
          {reply.error}
        </p>
      ) : null}

      <div className="popup-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancelar
        </button>
        <button type="submit" className="button button-accent" disabled={fetcher.state !== "idle"}>
          Añadir al carrito
        </button>
      </div>
    </fetcher.Form>
  );
}
