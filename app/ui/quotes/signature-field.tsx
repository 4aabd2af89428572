import { useSignaturePad } from "../signature-pad";
import { useHydrated } from "../use-hydrated";

/*
 * The customer's signature (issue 17): drawn on the screen (app/ui/signature-pad.ts: loaded the
 * first time the acceptance form is used, kept as SVG path data in a hidden field); or, without
 * JavaScript (or by choice), the name typed as a signature.
 */

export function SignatureField({ load, error, typedDefault }: { load: boolean; error?: string; typedDefault?: string }) {
  const hydrated = useHydrated();
  const { canvasRef, state, path, clear } = useSignaturePad(load);
  const describedBy = error ? "firma-error" : undefined;
  return (
    <fieldset className="quote-signature" aria-describedby={describedBy}>
      <legend>Su firma</legend>
      {hydrated && state !== "failed" ? (
        <div className="quote-signature-pad" data-state={state}>
          <p id="firma-ayuda" className="field-help">
            Firme dentro del recuadro con el dedo o con el ratón{state === "loading" ? " (preparando el recuadro…)" : ""}.
          </p>
          <canvas ref={canvasRef} className="signature-canvas" role="img" aria-label="Recuadro para firmar" data-testid="signature-canvas" />
          <input type="hidden" name="signaturePath" value={path} />
          <button type="button" className="button button-secondary" onClick={clear} disabled={!path}>
            Borrar la firma
          </button>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="typedSignature">{hydrated && state !== "failed" ? "O escriba su nombre como firma" : "Escriba su nombre completo como firma"}</label>
        <input id="typedSignature" name="typedSignature" type="text" autoComplete="name" defaultValue={typedDefault} maxLength={150} aria-describedby={describedBy} />
      </div>
      {error ? (
        <p id="firma-error" className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
