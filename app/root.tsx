import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { openDuringMaintenance } from "./domain/site/maintenance-mode";
import { loadShell } from "./server/site/shell.server";
import stylesHref from "./styles/app.css?url";
import { ErrorPage } from "./ui/error-page";
import { MaintenancePage } from "./ui/site/maintenance-page";
import { useNonce } from "./ui/nonce";
import type { BackOfficeHandle } from "./ui/admin/admin-nav";
import { SiteShell } from "./ui/site/site-shell";
import { reportError } from "./ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

// In production the stylesheet is inlined by app/entry.server.tsx; the dev server links it (hot reload).
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Headers of a thrown response (maintenance: Retry-After) reach the client only through here.
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shell = await loadShell(request, context);
  if (shell.flags.maintenance && !openDuringMaintenance(pageUrl(request).pathname)) {
    throw data(
      { maintenance: true as const, shop: shell.shop },
      { status: 503, headers: { "Retry-After": "600" } },
    );
  }
  return shell;
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The back office draws its own frame, once its loader let the visitor in (else: the shop's 404). */
function useBackOffice(): boolean {
  const matches = useMatches();
  return matches.some((match) => (match.handle as BackOfficeHandle | undefined)?.backOffice && match.loaderData != null);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const backOffice = useBackOffice();
  // <html data-hydrated> once React runs: the scripts start after the first paint
  // (app/server/http/scripts-after-paint.server.ts), and the end-to-end tests wait for it
  // before using what needs JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d66" />
        <Meta />
        <Links />
      </head>
      <body>
        {root && !backOffice ? <SiteShell root={root}>{children}</SiteShell> : children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503 && error.data?.maintenance) {
    return <MaintenancePage shop={error.data.shop} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
