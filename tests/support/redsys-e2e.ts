import { startRedsysStandIn, type RedsysStandIn } from "./redsys-standin";
import { TEST_MERCHANT } from "./redsys-standin/test-shop";

/*
 * The Redsys stand-in as the end-to-end specs use it: started on a free port with the test
 * merchant's code, terminal and key, and the settings that point the shop's server at it.
 */

export function startShopRedsys(): Promise<RedsysStandIn> {
  return startRedsysStandIn({ ...TEST_MERCHANT, port: 0 });
}

/** The shop's Redsys settings for a server of a spec's own. */
export function redsysEnv(standIn: RedsysStandIn): Record<string, string> {
  return {
    REDSYS_MERCHANT_CODE: TEST_MERCHANT.merchantCode,
    REDSYS_TERMINAL: TEST_MERCHANT.terminal,
    REDSYS_SECRET_KEY: TEST_MERCHANT.secretKey,
    REDSYS_URL: standIn.url,
    REDSYS_REST_URL: standIn.restUrl,
  };
}
