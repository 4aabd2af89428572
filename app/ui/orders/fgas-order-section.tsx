import { Form, useNavigation } from "react-router";
import { CERTIFICATE_FIELD } from "~/domain/orders/fgas-certificate";
import { FGAS_FIELDS, FGAS_LABELS, FGAS_MAX_LENGTH } from "~/domain/orders/fgas-fields";
import { FieldError } from "../address-fields";
import { FgasOrderSummary, type FgasSectionData } from "./fgas-order-summary";

export type FgasSectionReply = { intent: string; errors: Record<string, string>; values: Record<string, string> };

type Props = {
  fgas: FgasSectionData;
  filesHref: string;
  reply?: FgasSectionReply;
  done?: "empresa" | "certificado" | null;
};

const INSTALLER_INPUTS = [
  { key: "installerName", name: FGAS_FIELDS.installerName },
  { key: "installerId", name: FGAS_FIELDS.installerId },
  { key: "installerRegistration", name: FGAS_FIELDS.installerRegistration },
] as const;

/**
 * The F-gas declaration on the customer's order page (issue 15): the summary, with the forms
 * to complete the installing company and upload the installer's certificate. Plain forms
 * posting to the page's action: they work without JavaScript.
 */
export function FgasOrderSection({ fgas, filesHref, reply, done = null }: Props) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "gases-certificado";
  const installerReply = reply?.intent === "gases-instalador" ? reply : undefined;
  const certificateError = reply?.intent === "gases-certificado" ? reply.errors[CERTIFICATE_FIELD] : undefined;

  const installerForm = (
    <Form method="post" action="." preventScrollReset className="order-fgas-form" noValidate>
      <input type="hidden" name="intent" value="gases-instalador" />
      <div className="address-grid">
        {INSTALLER_INPUTS.map(({ key, name }) => {
          const error = installerReply?.errors[name];
          return (
            <div key={name} className={`field${error ? " field-invalid" : ""}`}>
              <label htmlFor={name}>{FGAS_LABELS[key]}</label>
              <input
                id={name}
                name={name}
                type="text"
                autoComplete="off"
                maxLength={FGAS_MAX_LENGTH[key]}
                defaultValue={installerReply?.values[name] ?? fgas.installer[key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${name}-error` : undefined}
              />
              <FieldError name={name} error={error} />
            </div>
          );
        })}
      </div>
      <button type="submit" className="button button-secondary">
        Guardar la empresa instaladora
      </button>
    </Form>
  );

  const uploadForm = (
    // Keyed by the certificate received: after an upload the file input starts empty again.
    <Form key={fgas.certificate?.at ?? "sin-certificado"} method="post" action="." encType="multipart/form-data" preventScrollReset className="order-fgas-form">
      <input type="hidden" name="intent" value="gases-certificado" />
      <div className={`field${certificateError ? " field-invalid" : ""}`}>
        <label htmlFor={CERTIFICATE_FIELD}>{fgas.certificate ? "Sustituir el certificado" : "Certificado de la empresa instaladora"}</label>
        <input
          id={CERTIFICATE_FIELD}
          name={CERTIFICATE_FIELD}
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          aria-describedby={`${CERTIFICATE_FIELD}-hint${certificateError ? ` ${CERTIFICATE_FIELD}-error` : ""}`}
          aria-invalid={certificateError ? true : undefined}
        />
        <p className="field-help" id={`${CERTIFICATE_FIELD}-hint`}>
          PDF, JPEG o PNG de como máximo 5 MB: el certificado de instalación o el documento de la parte B del anexo VI firmado
          por usted y por la empresa.
        </p>
        <FieldError name={CERTIFICATE_FIELD} error={certificateError} />
      </div>
      <button type="submit" className="button button-accent" disabled={uploading} aria-busy={uploading || undefined}>
        {uploading ? "Subiendo…" : "Subir el certificado"}
      </button>
    </Form>
  );

  return (
    <FgasOrderSummary
      fgas={fgas}
      filesHref={filesHref}
      notice={
        done ? (
          <p className="form-ok" role="status">
            {done === "empresa" ? "Datos de la empresa instaladora guardados." : "Certificado recibido. Gracias."}
          </p>
        ) : null
      }
      installerForm={installerForm}
      uploadForm={uploadForm}
    />
  );
}
