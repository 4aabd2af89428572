import type { ShellHandle } from "~/ui/site/menu";

/** promo-Granada: the promo page with the Granada phone everywhere in the frame (spec section 1). */
export { default, ErrorBoundary, loader, meta } from "./promo";

export const handle: ShellHandle = { shell: { phone: "granada", hideBasketBadge: true } };
