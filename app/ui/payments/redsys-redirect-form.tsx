import { useEffect, useRef, type ReactNode } from "react";
import { PAY_BUTTON_LABELS } from "~/domain/payments/payment-methods";
import type { OnlineMethod } from "~/domain/payments/payment-states";
import { Price } from "../price";

/*
 * The signed form of one Redsys attempt (issue 12; used by a job's payments, issue 17). With
 * JavaScript it is sent at once, once per attempt (coming back with the browser's Back button
 * does not send it again); without, the customer presses the one button.
 */

export type SignedRedsysForm = { action: string; fields: { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string } };

export function RedsysRedirectForm({ code, method, form }: { code: string; method: OnlineMethod; form: SignedRedsysForm }) {
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const key = `pago-enviado-${code}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      return; // No storage: the customer presses the button.
    }
    if (statusRef.current) statusRef.current.textContent = "Le llevamos a la pasarela segura de Redsys…";
    formRef.current?.submit();
  }, [code]);
  return (
    <>
      <p role="status" ref={statusRef}>
        El pago se hace en la pasarela segura de Redsys, la de los bancos españoles: nosotros no vemos los datos de su {method === "bizum" ? "cuenta" : "tarjeta"}.
      </p>
      <form ref={formRef} method="post" action={form.action}>
        <input type="hidden" name="Ds_SignatureVersion" value={form.fields.Ds_SignatureVersion} />
        <input type="hidden" name="Ds_MerchantParameters" value={form.fields.Ds_MerchantParameters} />
        <input type="hidden" name="Ds_Signature" value={form.fields.Ds_Signature} />
        <button type="submit" className="button button-accent">
          {PAY_BUTTON_LABELS[method]}
        </button>
      </form>
    </>
  );
}

/** The page between the shop and Redsys: what is paid and how much, the form, and the way back (`children`). */
export function RedsysRedirectPage({ what, amountCents, code, method, form, children }: { what: ReactNode; amountCents: number; code: string; method: OnlineMethod; form: SignedRedsysForm; children?: ReactNode }) {
  return (
    <div className="container payment-redirect">
      <h1 className="page-title">Pago con {method === "bizum" ? "Bizum" : "tarjeta"}</h1>
      <p>
        {what} · Importe <Price cents={amountCents} />
      </p>
      <RedsysRedirectForm code={code} method={method} form={form} />
      {children}
    </div>
  );
}
