import { describe, expect, it } from "vitest";
import { publicShopInfo } from "../config.server";
import { hasForeignRedirect } from "./auth-redirects.server";

const base = () => publicShopInfo().baseUrl;
const get = (query: string) => new Request(`${base()}/api/auth/verify-email?token=x&${query}`);
const post = (body: object) => hasForeignRedirect(new Request(`${base()}/api/auth/sign-in/social`, { method: "POST" }), JSON.stringify(body));

describe("redirect targets given to better-auth", () => {
  it.each(["//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example/", "javascript:alert(1)", `${"http://127.0.0.1"}@evil.example`])(
    "%j in the query or the body is foreign",
    (target) => {
      expect(hasForeignRedirect(get(`callbackURL=${encodeURIComponent(target)}`))).toBe(true);
      expect(post({ provider: "google", errorCallbackURL: target })).toBe(true);
      expect(hasForeignRedirect(new Request(`${base()}/api/auth/x`, { method: "POST" }), new URLSearchParams({ redirectTo: target }).toString())).toBe(true);
    },
  );

  it("paths and addresses of this shop pass, and so do requests without a target", () => {
    expect(hasForeignRedirect(get("callbackURL=%2Flogin%2Frestablecer"))).toBe(false);
    expect(hasForeignRedirect(get(`callbackURL=${encodeURIComponent(`${base()}/login`)}`))).toBe(false);
    expect(post({ provider: "google", callbackURL: "/carrito", errorCallbackURL: "/login?modo=registro" })).toBe(false);
    expect(post({ email: "a@example.com", password: "x" })).toBe(false);
    expect(hasForeignRedirect(new Request(`${base()}/api/auth/get-session`))).toBe(false);
  });
});
