import { getBasketCount } from "../basket/basket-store.server";
import { publicShopInfo } from "../config.server";
import { readConsent } from "../cookies.server";
import { getFlags } from "./flags.server";

/** What every page's frame needs: the shop's facts, the flags, the visitor's badge and consent. */
export async function loadShell(request: Request, context?: unknown) {
  const [flags, basketCount, consent] = await Promise.all([
    getFlags(),
    getBasketCount(request, context),
    readConsent(request),
  ]);
  return { shop: publicShopInfo(), flags, basketCount, consent };
}
