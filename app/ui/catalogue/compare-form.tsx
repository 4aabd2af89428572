import { Link, useFetcher } from "react-router";
import type { CompareReply } from "~/domain/catalogue/comparison";
import { useHydrated } from "../use-hydrated";

/** COMPARE_PATH of ~/domain/catalogue/comparison, written out: importing it would bring that whole module into every card's page. */
const COMPARE_PATH = "/comparar";

type Props = {
  productId: number;
  /** The id of the product's name on the page, so «Comparar» is heard with it. */
  describedBy?: string;
  className?: string;
};

/**
 * «Comparar» (issue 15): the same small form for every visitor, since cards and product pages
 * come from the shared page cache. Without JavaScript it posts to /comparar and the comparison
 * page opens; with it, a fetcher posts (js=1) and the visitor stays here, told beside the
 * button how many products the comparison holds, with a link to it.
 */
export function CompareForm({ productId, describedBy, className }: Props) {
  const fetcher = useFetcher<CompareReply>();
  const hydrated = useHydrated();
  // A second press while one is on its way adds nothing new (the same product is "already" there).
  const reply = fetcher.data;
  return (
    <fetcher.Form
      method="post"
      action={COMPARE_PATH}
      className={className ? `compare-form ${className}` : "compare-form"}
      // Nothing on this page changes: its loaders need not run again.
      defaultShouldRevalidate={false}
    >
      <input type="hidden" name="intent" value="anadir" />
      <input type="hidden" name="producto" value={productId} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className="button button-secondary compare-button" aria-describedby={describedBy}>
        <span aria-hidden="true" className="compare-icon">
          ⇄
        </span>{" "}
        Comparar
      </button>
      <p className={reply?.ok === false ? "compare-status compare-status-error" : "compare-status"} aria-live="polite">
        {reply ? (
          <>
            {reply.message}
            {reply.count > 0 ? <> · <Link to={reply.href}>Ver comparación</Link></> : null}
          </>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
