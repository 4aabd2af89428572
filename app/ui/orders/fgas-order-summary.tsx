import type { ReactNode } from "react";
import { FGAS_TITLE } from "~/domain/orders/fgas";

/** The declaration as the order pages show it (app/server/orders/fgas.server.ts FgasView). */
export type FgasSectionData = {
  declarantName: string;
  declarantId: string;
  declaredAt: string;
  dueOn: string;
  statement: string[];
  installer: { installerName: string; installerId: string; installerRegistration: string };
  certificate: { name: string; type: string; at: string } | null;
  overdue: boolean;
};

type Props = {
  fgas: FgasSectionData;
  /** Where the declaration's PDF and the certificate are downloaded: ".../gases-fluorados". */
  filesHref: string;
  /** The box it is drawn in: the shop's, or the back office's sections. */
  className?: string;
  /** A message above everything (a form just saved). */
  notice?: ReactNode;
  /** In place of the installing company's details: the customer's form to complete them. */
  installerForm?: ReactNode;
  /** After the certificate's link: the customer's upload. */
  uploadForm?: ReactNode;
};

/**
 * The F-gas declaration of an order (issue 15, decision 0012): what was declared and when, the
 * installing company, the installer's certificate and its deadline. The back office shows it
 * as it is; the customer's page adds its forms (fgas-order-section.tsx).
 */
export function FgasOrderSummary({ fgas, filesHref, className = "order-fgas", notice, installerForm, uploadForm }: Props) {
  const { installer, certificate } = fgas;
  return (
    <section className={className} id="gases-fluorados" aria-labelledby="gases-fluorados-titulo">
      <h2 id="gases-fluorados-titulo">{FGAS_TITLE}</h2>
      {notice}
      <p className={`order-fgas-state${certificate ? " order-fgas-done" : fgas.overdue ? " order-fgas-overdue" : ""}`}>
        {certificate
          ? `Certificado de instalación recibido el ${certificate.at}.`
          : fgas.overdue
            ? `El plazo para enviar el certificado de instalación terminó el ${fgas.dueOn} y aún no lo hemos recibido.`
            : `Pendiente: el certificado de la empresa instaladora, como muy tarde el ${fgas.dueOn}.`}
      </p>
      <p>
        Declarado por {fgas.declarantName} (NIF/NIE {fgas.declarantId}) el {fgas.declaredAt}, al confirmar el pedido.{" "}
        {/* Files, not pages of the app: the browser opens or saves them itself. */}
        <a href={`${filesHref}/declaracion`}>Descargar la declaración (PDF)</a>
      </p>
      <details className="order-fgas-statement">
        <summary>Texto de la declaración</summary>
        {fgas.statement.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </details>

      <h3>Empresa instaladora</h3>
      {installerForm ??
        (installer.installerName ? (
          <p>
            {installer.installerName}
            {installer.installerId ? ` · NIF ${installer.installerId}` : ""}
            {installer.installerRegistration ? ` · registro ${installer.installerRegistration}` : ""}
          </p>
        ) : (
          <p>Sin indicar todavía.</p>
        ))}

      <h3>Certificado de instalación</h3>
      {certificate ? (
        <p>
          <a href={`${filesHref}/certificado`} download>
            Descargar el certificado ({certificate.name})
          </a>
        </p>
      ) : uploadForm ? null : (
        <p>Aún no se ha subido.</p>
      )}
      {uploadForm}
    </section>
  );
}
