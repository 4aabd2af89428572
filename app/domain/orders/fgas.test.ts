import { describe, expect, it } from "vitest";
import { certificateDueAt, fgasLinesWithoutInstallation, fgasStatement, isCertificateOverdue, needsFgasDeclaration, type FgasLine } from "./fgas";

const split = (name = "split"): FgasLine & { name: string } => ({ kind: "product", family: "aires", fgasNotSealed: true, name });
const monobloc: FgasLine & { name: string } = { kind: "product", family: "aerotermia", fgasNotSealed: false, name: "monobloc" };
const bibloc: FgasLine & { name: string } = { kind: "product", family: "aerotermia", fgasNotSealed: true, name: "bibloc" };
const boiler: FgasLine & { name: string } = { kind: "product", family: "calderas", name: "caldera" };
const install = (family: FgasLine["family"]): FgasLine & { name: string } => ({ kind: "installation", family, name: `instalación ${family}` });
const maintenance = (family: FgasLine["family"]): FgasLine & { name: string } => ({ kind: "maintenance", family, name: `mantenimiento ${family}` });

const names = (lines: (FgasLine & { name: string })[]) => fgasLinesWithoutInstallation(lines).map((line) => line.name);

describe("the F-gas declaration", () => {
  it("is needed for a split bought without our installation", () => {
    expect(needsFgasDeclaration([split()])).toBe(true);
    expect(names([boiler, split("A")])).toEqual(["A"]);
  });

  it("is not needed when our installation comes with it", () => {
    expect(needsFgasDeclaration([split(), install("aires"), maintenance("aires")])).toBe(false);
    expect(needsFgasDeclaration([split(), maintenance("aires"), install("aires")])).toBe(false);
  });

  it("nor for sealed equipment, boilers or services alone", () => {
    expect(needsFgasDeclaration([monobloc, boiler, maintenance("aires")])).toBe(false);
    expect(needsFgasDeclaration([])).toBe(false);
  });

  it("an installation goes with the product it was added after", () => {
    // A monobloc installed, a bibloc not: the bibloc needs the declaration.
    expect(names([monobloc, install("aerotermia"), bibloc])).toEqual(["bibloc"]);
    expect(names([bibloc, install("aerotermia"), monobloc])).toEqual([]);
    // Two splits, one installed: the other one.
    expect(names([split("A"), install("aires"), split("B")])).toEqual(["B"]);
  });

  it("an installation of another family installs nothing of this one", () => {
    expect(names([split("A"), install("calderas")])).toEqual(["A"]);
  });

  it("an installation left when its product was removed installs another unit of its family", () => {
    // [A, install A, B] and A removed: the installation stays, and B is what will be installed.
    expect(names([install("aires"), split("B")])).toEqual([]);
    expect(names([install("aires"), split("B"), split("C")])).toEqual(["C"]);
  });
});

describe("the legal period for the installer's certificate", () => {
  const declaredAt = new Date("2026-03-10T09:00:00Z");

  it("is one year from the declaration", () => {
    expect(certificateDueAt(declaredAt).toISOString()).toBe("2027-03-10T09:00:00.000Z");
  });

  it("is overdue after it, unless the certificate came or the order was cancelled", () => {
    const later = new Date("2027-03-10T09:00:01Z");
    expect(isCertificateOverdue({ declaredAt, certificateAt: null }, "Pagado", later)).toBe(true);
    expect(isCertificateOverdue({ declaredAt, certificateAt: null }, "Pagado", new Date("2027-03-10T08:59:59Z"))).toBe(false);
    expect(isCertificateOverdue({ declaredAt, certificateAt: new Date("2026-05-01T00:00:00Z") }, "Completado", later)).toBe(false);
    expect(isCertificateOverdue({ declaredAt, certificateAt: null }, "Cancelado", later)).toBe(false);
  });
});

describe("the statement", () => {
  it("names the declarant, the equipment, the order and the seller", () => {
    const [first, ...points] = fgasStatement({
      seller: { name: "Termoclima Madrid S.L.", nif: "B12345674" },
      equipment: ["Daikin Sensira FTXF25E"],
      declarantName: "Marta Ruiz Ortega",
      declarantId: "12345678Z",
      orderNumber: "1201-101126",
    });
    expect(first).toBe(
      "Marta Ruiz Ortega, con NIF/NIE 12345678Z, declara, como comprador del equipo Daikin Sensira FTXF25E (pedido 1201-101126) a Termoclima Madrid S.L. (NIF B12345674), que:",
    );
    expect(points).toHaveLength(3);
    expect(points.join(" ")).toContain("empresa habilitada");
    expect(points.join(" ")).toContain("un año");
  });

  it("reads before the buyer has typed a name, for several units", () => {
    const [first] = fgasStatement({ seller: { name: "Termoclima", nif: "B12345674" }, equipment: ["A", "B"] });
    expect(first).toMatch(/^El comprador declara, como comprador de los equipos A, B a Termoclima/);
  });
});
