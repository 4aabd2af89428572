import { describe, expect, it } from "vitest";
import { sampleChain } from "../../../tests/support/verifactu-fixtures";
import { lineaKey, matchAnswer, outcomeOf, registroKey } from "./verifactu-answer";
import type { RespuestaLinea } from "./verifactu-xml";

const line = (numSerie: string, extra: Partial<RespuestaLinea> = {}): RespuestaLinea => ({
  IDFactura: { IDEmisorFactura: "B12345674", NumSerieFactura: numSerie, FechaExpedicionFactura: "23-11-2026" },
  TipoOperacion: "Alta",
  EstadoRegistro: "Correcto",
  ...extra,
});

describe("outcomeOf", () => {
  it("accepted, accepted with errors, refused", () => {
    expect(outcomeOf(line("F1"))).toEqual({ state: "aceptado", duplicate: false });
    expect(outcomeOf(line("F1", { EstadoRegistro: "AceptadoConErrores", CodigoErrorRegistro: "2004", DescripcionErrorRegistro: "Aviso" }))).toEqual({
      state: "aceptado_con_errores",
      duplicate: false,
      code: "2004",
      message: "Aceptado con errores por la AEAT (2004: Aviso)",
    });
    expect(outcomeOf(line("F1", { EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "1100", DescripcionErrorRegistro: "Valor incorrecto" }))).toEqual({
      state: "rechazado",
      code: "1100",
      message: "Rechazado por la AEAT (1100: Valor incorrecto)",
    });
  });

  it("a duplicate counts as sent in the state the AEAT gave the earlier one", () => {
    const duplicate = (estado: string) =>
      line("F1", { EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "3000", RegistroDuplicado: { IdPeticionRegistroDuplicado: "A-1", EstadoRegistroDuplicado: estado } });
    expect(outcomeOf(duplicate("Correcta"))).toEqual({ state: "aceptado", duplicate: true });
    expect(outcomeOf(duplicate("AceptadaConErrores"))).toMatchObject({ state: "aceptado_con_errores", duplicate: true });
    expect(outcomeOf(duplicate("Anulada"))).toMatchObject({ state: "rechazado", code: "3000" });
  });
});

describe("matchAnswer", () => {
  it("finds each record's line by operation and invoice, whatever the order, and flags a record left out", () => {
    const chain = sampleChain();
    expect(chain.map(registroKey)).toEqual([
      "Alta|B12345674|F2026-000123|23-11-2026",
      "Alta|B12345674|R2026-000004|23-11-2026",
      "Alta|B12345674|F2026-000124|23-11-2026",
      "Anulacion|B12345674|F2026-000125|23-11-2026",
    ]);
    const lines = [
      line("F2026-000125", { TipoOperacion: "Anulacion" }),
      line("F2026-000124", { EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "1100" }),
      line("F2026-000123"),
    ];
    expect(lineaKey(lines[0] as RespuestaLinea)).toBe("Anulacion|B12345674|F2026-000125|23-11-2026");
    expect(matchAnswer(chain, lines).map(({ line: found, outcome }) => [found?.IDFactura.NumSerieFactura ?? null, outcome.state])).toEqual([
      ["F2026-000123", "aceptado"],
      [null, "sin_respuesta"],
      ["F2026-000124", "rechazado"],
      ["F2026-000125", "aceptado"],
    ]);
  });
});
