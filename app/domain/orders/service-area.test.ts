import { describe, expect, it } from "vitest";
import {
  coverageAnswer,
  inServiceArea,
  outsideAreaMessage,
  serviceAreaProvinces,
  serviceProvinceMessage,
} from "./service-area";

describe("inServiceArea", () => {
  it("takes a 5-digit postcode that starts with a prefix of the area", () => {
    expect(inServiceArea(["28"], "28009")).toBe(true);
    expect(inServiceArea(["28"], "28901")).toBe(true);
    expect(inServiceArea(["28"], "19001")).toBe(false);
    expect(inServiceArea(["28"], "08001")).toBe(false);
  });

  it("ignores spaces around and inside the postcode", () => {
    expect(inServiceArea(["28"], " 28001 ")).toBe(true);
    expect(inServiceArea(["28"], "28 001")).toBe(true);
  });

  it("mixes prefixes of different lengths (a province, part of one, one postcode)", () => {
    const prefixes = ["28", "191", "45200"];
    expect(inServiceArea(prefixes, "28500")).toBe(true);
    expect(inServiceArea(prefixes, "19170")).toBe(true);
    expect(inServiceArea(prefixes, "19001")).toBe(false);
    expect(inServiceArea(prefixes, "45200")).toBe(true);
    expect(inServiceArea(prefixes, "45201")).toBe(false);
  });

  it("refuses what is no Spanish postcode, whatever the prefixes", () => {
    for (const postcode of ["", "2800", "280010", "28a01", "00999", "53001", "99999", "28-001"]) {
      expect(inServiceArea(["28", "0", "5", "9"], postcode), postcode).toBe(false);
    }
  });

  it("an empty list covers nothing", () => {
    expect(inServiceArea([], "28001")).toBe(false);
  });
});

describe("provinces of the area", () => {
  it("follow from the prefixes", () => {
    expect(serviceAreaProvinces(["28"])).toEqual(["Madrid"]);
    expect(serviceAreaProvinces(["28001", "191"])).toEqual(["Guadalajara", "Madrid"]);
    expect(serviceAreaProvinces(["35", "38"])).toEqual(["Las Palmas", "Santa Cruz de Tenerife"]);
    expect(serviceAreaProvinces(["1"])).toHaveLength(10);
  });
});

describe("messages", () => {
  it("name the area and its prefixes", () => {
    expect(outsideAreaMessage({ name: "Comunidad de Madrid", prefixes: ["28"] })).toMatch(
      /^La instalación y el mantenimiento solo se ofrecen en la Comunidad de Madrid \(códigos postales que empiezan por 28\)/,
    );
    expect(outsideAreaMessage({ name: "zona centro", prefixes: ["28", "19", "45"] })).toContain("empiezan por 28, 19 y 45");
    expect(serviceProvinceMessage(["Madrid"])).toBe("La instalación y el mantenimiento solo se ofrecen en Madrid: elija Madrid.");
    expect(serviceProvinceMessage(["Guadalajara", "Madrid"])).toBe(
      "La instalación y el mantenimiento solo se ofrecen en Guadalajara y Madrid: elija una de esas provincias.",
    );
  });
});

describe("coverageAnswer", () => {
  it("answers a product page with the issue's two sentences", () => {
    expect(coverageAnswer(["28"], "28 013", "equipo")).toEqual({ kind: "inside", postcode: "28013", message: "Instalamos en su zona" });
    expect(coverageAnswer(["28"], "08001", "equipo")).toEqual({
      kind: "outside",
      postcode: "08001",
      message: "De momento no instalamos en su zona; le enviamos el equipo",
    });
  });

  it("answers the service pages without promising equipment they do not sell", () => {
    expect(coverageAnswer(["28"], "08001", "mantenimiento").message).toBe("De momento no hacemos mantenimientos en su zona");
    expect(coverageAnswer(["28"], "08001", "reformas").message).not.toContain("equipo");
    expect(coverageAnswer(["28"], "28001", "reformas").message).toBe("Trabajamos en su zona");
  });

  it("says how to write a postcode when it is not one", () => {
    expect(coverageAnswer(["28"], "280", "equipo")).toEqual({ kind: "invalid", message: expect.stringContaining("5 cifras") });
  });
});
