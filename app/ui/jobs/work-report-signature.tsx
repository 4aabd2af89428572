import { signedStatements } from "~/domain/jobs/work-report-text";
import { useSignaturePad } from "../signature-pad";
import { fieldError, TextField, type FieldProps } from "./work-report-fields";

/*
 * The customer signs on the technician's phone (issue 17): what they sign is written above the
 * box ("Conforme con los trabajos realizados", and the extra work's amount as a signed change),
 * the strokes are kept in the draft; name and ID number are optional.
 */

type Props = FieldProps & { extrasTotalCents: number; hasExtras: boolean; customerName: string; resigned: boolean; repair?: boolean };

export function SignatureFields({ fields, errors, change, extrasTotalCents, hasExtras, customerName, resigned, repair = false }: Props) {
  const signed = (path: string) => change((f) => ({ ...f, signaturePath: path, signedAt: path ? new Date().toISOString() : "" }));
  const { canvasRef, state, path, clear } = useSignaturePad(true, { initialPath: fields.signaturePath, onChange: signed });
  const error = fieldError(errors, "signaturePath");
  return (
    <fieldset className="work-report-group work-report-signature" aria-describedby={error.text ? "parte-signaturePath-error" : undefined}>
      <legend>Firma del cliente</legend>
      <p>Entregue el teléfono a {customerName || "el cliente"}. Al firmar declara:</p>
      <ul className="work-report-statements" data-testid="signed-statements">
        {signedStatements(extrasTotalCents, hasExtras, repair).map((statement) => (
          <li key={statement}>
            <strong>{statement}</strong>
          </li>
        ))}
      </ul>
      {resigned && !path ? <p className="field-hint">El parte ha cambiado después de firmar: el cliente tiene que firmar de nuevo.</p> : null}
      {state === "failed" ? (
        <p className="field-error">No se ha podido preparar el recuadro para firmar. Recargue la página (el parte está guardado).</p>
      ) : (
        <>
          <p className="field-hint">Firme dentro del recuadro con el dedo{state === "loading" ? " (preparando el recuadro…)" : ""}.</p>
          <canvas ref={canvasRef} className="signature-canvas" role="img" aria-label="Recuadro para la firma del cliente" data-testid="signature-canvas" />
          <button type="button" className="button button-secondary" onClick={clear} disabled={!path}>
            Borrar la firma
          </button>
        </>
      )}
      {error.text}
      <div className="work-report-row">
        <TextField name="signerName" label="Nombre de quien firma (opcional)" value={fields.signerName} errors={errors} onChange={(value) => change((f) => ({ ...f, signerName: value }))} />
        <TextField name="signerIdNumber" label="DNI o NIE (opcional)" value={fields.signerIdNumber} errors={errors} onChange={(value) => change((f) => ({ ...f, signerIdNumber: value }))} />
      </div>
    </fieldset>
  );
}
