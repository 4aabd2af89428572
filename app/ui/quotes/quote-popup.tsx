import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "../use-hydrated";

type Props = { productId: number; productName: string };

// The pop-up and its form are fetched when the visitor first points at or focuses the button,
// not in the product page's first load (issue 14); a click opens it as soon as it is here.
const loadDialog = () => import("./quote-dialog");
const QuoteDialog = lazy(() => loadDialog().then((module) => ({ default: module.QuoteDialog })));

/**
 * "Pedir presupuesto" and its pop-up (spec section 2, "Product detail"): the shared contact
 * form (quote-dialog.tsx), posting to /contacto with the product and the page it was sent
 * from. Until React runs (or without JavaScript) it is a link to the same form on /contacto,
 * product included.
 */
export function QuotePopup({ productId, productName }: Props) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so what was typed stays, as before.
  const [used, setUsed] = useState(false);
  const { pathname } = useLocation();
  const hydrated = useHydrated();

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="button button-secondary quote-open"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          Pedir presupuesto
        </button>
      ) : (
        <Link to={`/contacto?producto=${productId}`} className="button button-secondary quote-open">
          Pedir presupuesto
        </Link>
      )}
      {used ? (
        <Suspense fallback={null}>
          <QuoteDialog open={open} onClose={() => setOpen(false)} productId={productId} productName={productName} sourcePage={pathname} />
        </Suspense>
      ) : null}
    </>
  );
}
