import { describe, expect, it } from "vitest";
import { backupCodesFileName, backupCodesText } from "./backup-codes-file";
import { mayRemoveFactor } from "./passkeys";

describe("mayRemoveFactor", () => {
  it("never leaves an account without a second factor", () => {
    expect(mayRemoveFactor({ passkeys: 1, totp: false }, "passkey")).toBe(false);
    expect(mayRemoveFactor({ passkeys: 2, totp: false }, "passkey")).toBe(true);
    expect(mayRemoveFactor({ passkeys: 1, totp: true }, "passkey")).toBe(true);
    expect(mayRemoveFactor({ passkeys: 0, totp: true }, "totp")).toBe(false);
    expect(mayRemoveFactor({ passkeys: 1, totp: true }, "totp")).toBe(true);
  });
});

describe("the backup codes file", () => {
  it("names the shop and the account, one code a line, and a plain file name", () => {
    const text = backupCodesText("Termoclima Madrid", "duena@termoclima.test", ["AbC12-dE34f", "XyZ98-wV76u"]);
    expect(text.split("\r\n")).toEqual(expect.arrayContaining(["Termoclima Madrid: códigos de respaldo", "Cuenta: duena@termoclima.test", "AbC12-dE34f", "XyZ98-wV76u"]));
    expect(backupCodesFileName("Climatización Ñandú, S.L.")).toBe("codigos-respaldo-climatizacion-nandu-s-l.txt");
  });
});
