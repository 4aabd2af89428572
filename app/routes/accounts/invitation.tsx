import { useId } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { invitationAction, invitationStep, type InvitationReply } from "~/server/accounts/invitation-page.server";
import { ErrorPage } from "~/ui/error-page";
import { Notice } from "~/ui/notice";
import { NewPasswordFields } from "~/ui/accounts/new-password-fields";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/invitation";

/**
 * /invitacion/<token> (issue 28): a technician's invitation. A new address chooses its password
 * here and goes on to enrol the second factor; an existing account accepts while signed in.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return invitationStep(request, params.token);
}

export async function action({ request, params }: Route.ActionArgs) {
  return invitationAction(request, params.token);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return [
    // Not the token's own address: it is the key to the invitation.
    ...pageMeta({ title: `Invitación de técnico | ${shop.name}`, description: "Acepte la invitación al área de técnicos.", baseUrl: shop.baseUrl, path: "/login", noindex: true }),
    // same-origin: the token never leaves the shop as a Referer, and a form posted before the
    // page's JavaScript has loaded still carries our Origin (under no-referrer Chrome sends
    // "Origin: null", which the foreign-origin check refuses with 403).
    { name: "referrer", content: "same-origin" },
  ];
};

export default function Invitation({ loaderData: step, actionData, params }: Route.ComponentProps) {
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const failed = actionData as InvitationReply | undefined;
  const here = `/invitacion/${params.token}`;
  return (
    <div className="container login-page">
      <div className="login-card">
        <h1 className="login-title">Invitación al área de técnicos</h1>
        {step.kind === "new" ? (
          <Form method="post" className="login-form">
            <p>
              Hola, {step.name}. Elija la contraseña de su cuenta, <strong>{step.email}</strong>. Después configurará un segundo factor en su móvil.
            </p>
            <input type="hidden" name="intent" value="create" />
            <NewPasswordFields id={id} label="Contraseña" confirmLabel="Repita la contraseña" invalidField={failed?.field} />
            <Notice notice={failed ? { tone: "error", text: failed.error } : null} />
            <button type="submit" className="button button-accent login-submit" disabled={busy}>
              {busy ? "Un momento…" : "Crear mi cuenta"}
            </button>
          </Form>
        ) : step.kind === "accept" ? (
          <Form method="post" className="login-form">
            <p>
              Ha iniciado sesión como <strong>{step.email}</strong>. Al aceptar, su cuenta pasará a ser de técnico y configurará un segundo factor.
            </p>
            <Notice notice={failed ? { tone: "error", text: failed.error } : null} />
            <button type="submit" name="intent" value="accept" className="button button-accent login-submit" disabled={busy}>
              Aceptar la invitación
            </button>
          </Form>
        ) : (
          <>
            {step.signedInAs ? (
              <p>
                La invitación es para <strong>{step.email}</strong>, pero ha iniciado sesión como <strong>{step.signedInAs}</strong>. Cierre la sesión en{" "}
                <Link to="/login">Mi cuenta</Link> y vuelva a abrir el enlace.
              </p>
            ) : (
              <>
                <p>
                  Ya existe una cuenta con <strong>{step.email}</strong>. Inicie sesión con ella para aceptar la invitación.
                </p>
                <p>
                  <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="button button-accent">
                    Iniciar sesión
                  </Link>
                </p>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}

const GONE_TEXT = "Esta invitación ha caducado, ya se ha usado o ha sido anulada. Pida al responsable de la tienda que le envíe otra.";

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <div className="container error-page">
        <title>Invitación no válida | Error 410</title>
        <meta name="robots" content="noindex" />
        <p className="error-code">Error 410</p>
        <h1>Invitación no válida</h1>
        <p>{GONE_TEXT}</p>
        <p>
          <Link to="/" className="button">
            Ir al inicio
          </Link>
        </p>
      </div>
    );
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
