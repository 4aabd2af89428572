import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A link to a file the back office makes (a CSV, the AEAT's XML): the browser downloads it.
 * reloadDocument skips the client router, which would fetch it as a page's data.
 */
export function DownloadLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} reloadDocument className="button button-secondary">
      {children}
    </Link>
  );
}
