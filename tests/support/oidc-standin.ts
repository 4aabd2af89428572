import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import Provider from "oidc-provider";

/**
 * A real OpenID provider on localhost standing in for Google (tests only): the `oidc-provider`
 * package with its development login and consent pages. The app reaches it only through
 * GOOGLE_DISCOVERY_URL, so the whole authorization-code flow (discovery, PKCE, state, nonce,
 * signed ID token, token and userinfo endpoints) runs as it does against Google.
 *
 * On its login page any password is accepted; the "login" typed becomes the account: an
 * e-mail is used as such, anything else becomes <login>@gmail.example.
 */
export type OidcStandin = { issuer: string; discoveryUrl: string; close: () => Promise<void> };

export async function startOidcStandin(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<OidcStandin> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "standin", use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Put the e-mail in the ID token as Google does, rather than only at the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const email = id.includes("@") ? id.toLowerCase() : `${id.toLowerCase()}@gmail.example`;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email, email_verified: true, name: "Cliente de Google" };
        },
      };
    },
  });
  // oidc-provider warns loudly about its development pages and keys; that is the point here.
  const server: Server = await new Promise((resolve, reject) => {
    const listening = provider.listen(options.port, "127.0.0.1", () => resolve(listening));
    listening.on("error", reject);
  });
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
