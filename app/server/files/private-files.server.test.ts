import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makePrivate } from "./private-files.server";

const mode = (file: string) => statSync(file).mode & 0o777;
let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the data folder is private", () => {
  it("creates a missing folder 0700", () => {
    root = mkdtempSync(path.join(tmpdir(), "privado-"));
    const folder = path.join(root, "data");
    expect(makePrivate(folder)).toEqual({ files: 0, folders: 0 });
    expect(mode(folder)).toBe(0o700);
  });

  it("takes the group's and others' rights off what an older version left, and says how many", () => {
    root = mkdtempSync(path.join(tmpdir(), "privado-"));
    const data = path.join(root, "data");
    mkdirSync(path.join(data, "pglite", "base"), { recursive: true });
    mkdirSync(path.join(data, "mail"));
    writeFileSync(path.join(data, "pglite", "base", "1259"), "página");
    writeFileSync(path.join(data, "mail", "restablecer.eml"), "enlace");
    writeFileSync(path.join(data, ".auth-secret"), "secreto");
    chmodSync(path.join(data, "pglite", "base", "1259"), 0o666);
    chmodSync(path.join(data, "mail", "restablecer.eml"), 0o644);
    chmodSync(path.join(data, ".auth-secret"), 0o600);
    chmodSync(path.join(data, "mail"), 0o755);
    chmodSync(data, 0o755);
    const outside = path.join(root, "fuera.txt");
    writeFileSync(outside, "no es nuestro");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(data, "enlace"));

    // data, mail, pglite and pglite/base (made 0755 under the usual umask 022).
    expect(makePrivate(data)).toEqual({ files: 2, folders: 4 });
    expect(mode(data)).toBe(0o700);
    expect(mode(path.join(data, "mail"))).toBe(0o700);
    expect(mode(path.join(data, "pglite", "base", "1259"))).toBe(0o600);
    expect(mode(path.join(data, "mail", "restablecer.eml"))).toBe(0o600);
    expect(mode(path.join(data, ".auth-secret"))).toBe(0o600);
    // The link's target is outside the data folder: left as it was.
    expect(mode(outside)).toBe(0o644);
    // Nothing left to correct the second time.
    expect(makePrivate(data)).toEqual({ files: 0, folders: 0 });
  });
});
