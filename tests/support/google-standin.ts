import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { publicShopInfo, resetConfigForTests } from "~/server/config.server";
import { startOidcStandin, type OidcStandin } from "./oidc-standin";

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Vitest files that need the Google button: the shop configured for Google with a local OpenID
 * provider standing in for it, for the whole file. Returns the stand-in once the file's tests run.
 */
export function withGoogleStandin(): () => OidcStandin {
  let standin: OidcStandin | undefined;
  beforeAll(async () => {
    standin = await startOidcStandin({
      port: await freePort(),
      clientId: "tienda-pruebas",
      clientSecret: "secreto-de-pruebas",
      redirectUri: `${publicShopInfo().baseUrl}/api/auth/callback/google`,
    });
    process.env.GOOGLE_CLIENT_ID = "tienda-pruebas";
    process.env.GOOGLE_CLIENT_SECRET = "secreto-de-pruebas";
    process.env.GOOGLE_DISCOVERY_URL = standin.discoveryUrl;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_SECRET;
    delete process.env.GOOGLE_DISCOVERY_URL;
    resetConfigForTests();
    await standin?.close();
  });
  return () => standin!;
}
