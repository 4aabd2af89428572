import type { OrderFormErrors } from "~/domain/orders/order-form";
import { PROVINCES } from "~/domain/provinces";
import { AddressFields, FieldError } from "../address-fields";

/** Billing "Igual que la de envío" or "Otros" with its own address (the checkout and the owner's phone order). */
export function BillingFields({ values, errors }: { values: Record<string, string>; errors: OrderFormErrors }) {
  return (
    <>
      <fieldset className="checkout-choice billing-choice">
        <legend>Dirección de facturación</legend>
        <label className="choice">
          <input type="radio" name="facturacion" value="igual" defaultChecked={values.facturacion !== "otros"} />
          Igual que la de envío
        </label>
        <label className="choice">
          <input type="radio" name="facturacion" value="otros" defaultChecked={values.facturacion === "otros"} />
          Otros
        </label>
        <FieldError name="facturacion" error={errors.facturacion} />
      </fieldset>
      {/* Shown by CSS while "Otros" is checked, so it works without JavaScript too. */}
      <div className="billing-fields">
        <AddressFields prefix="factura" legend="Datos de facturación" provinces={PROVINCES} values={values} errors={errors} />
      </div>
    </>
  );
}
