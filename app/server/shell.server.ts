import { getCartCount } from "./cart.server";
import { publicShopInfo } from "./config.server";
import { readConsent } from "./cookies.server";
import { getFlags } from "./site/flags.server";

/** What every page's frame needs: the shop's facts, the flags, the visitor's badge and consent. */
export async function loadShell(request: Request, context?: unknown) {
  const [flags, cartCount, consent] = await Promise.all([
    getFlags(),
    getCartCount(request, context),
    readConsent(request),
  ]);
  return { shop: publicShopInfo(), flags, cartCount, consent };
}
