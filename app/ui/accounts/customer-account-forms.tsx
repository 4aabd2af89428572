import { Form } from "react-router";
import { BAN_REASON_MAX, refusal, type AdminKind, type CustomerReply } from "~/domain/accounts/customers";

/* A customer's account on their page (issue 11): its facts and the changes the admin may make. */

type Customer = {
  email: string;
  createdAt: string;
  banned: boolean;
  banReason: string | null;
  role: string | null;
  listed: boolean;
  admin: AdminKind;
  self: boolean;
  twoFactorEnabled: boolean | null;
};

function ChangeButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}

function adminText(customer: Customer): string {
  if (customer.admin === "configuración") return "Sí: administrador por configuración (ADMIN_EMAILS)";
  if (customer.admin === "concedido") return "Sí: concedido desde la administración";
  return "No";
}

export function CustomerAccountForms({ customer, reply }: { customer: Customer; reply: CustomerReply | undefined }) {
  const facts = { self: customer.self, listed: customer.listed, banned: customer.banned, role: customer.role };
  const disableRefused = customer.banned ? null : refusal("disable", facts);
  const roleChange = customer.admin ? "revoke" : "grant";
  const roleRefused = refusal(roleChange, facts);
  return (
    <section className="admin-section" aria-labelledby="cliente-cuenta">
      <h2 id="cliente-cuenta">Cuenta</h2>
      <dl className="admin-details">
        <dt>E-mail</dt>
        <dd>{customer.email}</dd>
        <dt>Alta</dt>
        <dd>{customer.createdAt}</dd>
        <dt>Estado</dt>
        <dd>
          {customer.banned ? (
            <>
              <span className="admin-badge admin-badge-error">Deshabilitada</span>
              {customer.banReason ? ` Motivo: ${customer.banReason}` : ""}
            </>
          ) : (
            "Habilitada"
          )}
        </dd>
        <dt>Administrador</dt>
        <dd>{adminText(customer)}</dd>
        {customer.admin ? (
          <>
            <dt>Segundo factor</dt>
            <dd>{customer.twoFactorEnabled ? "Configurado" : "Pendiente: lo configurará al entrar en /admin"}</dd>
          </>
        ) : null}
      </dl>
      {reply ? (
        <p role={reply.ok ? "status" : "alert"} className={reply.ok ? "admin-reply" : "field-error"}>
          {reply.ok ? reply.message : reply.error}
        </p>
      ) : null}
      <div className="admin-account-actions">
        {customer.banned ? (
          <ChangeButton intent="enable" label="Habilitar la cuenta" />
        ) : disableRefused ? (
          <p className="admin-muted">{disableRefused}</p>
        ) : (
          <Form method="post" className="admin-form">
            <input type="hidden" name="intent" value="disable" />
            <div className="field">
              <label htmlFor="cliente-motivo">Motivo (opcional; solo lo ve la administración)</label>
              <input id="cliente-motivo" name="reason" type="text" maxLength={BAN_REASON_MAX} />
            </div>
            <p className="field-hint">Se cierran todas sus sesiones y al entrar verá «La cuenta ha sido desabilitada por el administrador.»</p>
            <button type="submit" className="button">
              Deshabilitar la cuenta
            </button>
          </Form>
        )}
        {roleRefused && roleChange === "grant" && customer.banned ? null : roleRefused ? (
          <p className="admin-muted">{roleRefused}</p>
        ) : (
          <ChangeButton intent={roleChange} label={roleChange === "grant" ? "Hacer administrador" : "Quitar el papel de administrador"} />
        )}
      </div>
    </section>
  );
}
