/*
 * The F-gas declaration's fields, labels and messages (issue 15, decision 0012), without zod:
 * the order screen and the order page draw them on first load; the schemas that check them
 * are in fgas-form.ts.
 */

export const FGAS_FIELDS = {
  name: "gf-nombre",
  id: "gf-nif",
  commitment: "gf-compromiso",
  installerName: "gf-empresa",
  installerId: "gf-empresa-nif",
  installerRegistration: "gf-registro",
} as const;

export const FGAS_FIELD_NAMES = Object.values(FGAS_FIELDS);
export const FGAS_COMMITMENT_VALUE = "acepto";

export const FGAS_MAX_LENGTH = { name: 150, id: 20, installerName: 150, installerId: 20, installerRegistration: 60 } as const;

export const FGAS_LABELS = {
  name: "Nombre y apellidos del declarante",
  id: "NIF/NIE del declarante",
  commitment: "Declaro lo anterior y me comprometo a que una empresa habilitada instale el equipo.",
  installerName: "Empresa instaladora",
  installerId: "NIF de la empresa instaladora",
  installerRegistration: "Número de registro o habilitación de la empresa (gases fluorados)",
} as const;

export const FGAS_MESSAGES = {
  name: "Escriba su nombre y apellidos como declarante.",
  idEmpty: "Escriba su NIF o NIE.",
  id: "Escriba un NIF o NIE válido: compruebe sus cifras y su letra de control.",
  commitment: "Para comprar este equipo sin nuestra instalación debe aceptar la declaración.",
  installerId: "Escriba un NIF válido de la empresa instaladora, o déjelo en blanco.",
  installerEmpty: "Escriba al menos el nombre de la empresa instaladora.",
} as const;

/** The installing company, as stored (empty strings when not given). */
export type InstallerDetails = { installerName: string; installerId: string; installerRegistration: string };

/** The declaration as stored in fgas_declarations with the order. */
export type FgasDeclarationInput = InstallerDetails & { declarantName: string; declarantId: string };

type ParsedFields = Record<string, string>;

export function installerDetails(parsed: ParsedFields): InstallerDetails {
  return {
    installerName: parsed[FGAS_FIELDS.installerName] ?? "",
    installerId: parsed[FGAS_FIELDS.installerId] ?? "",
    installerRegistration: parsed[FGAS_FIELDS.installerRegistration] ?? "",
  };
}

export function declarationInput(parsed: ParsedFields): FgasDeclarationInput {
  return { declarantName: parsed[FGAS_FIELDS.name] ?? "", declarantId: parsed[FGAS_FIELDS.id] ?? "", ...installerDetails(parsed) };
}

/** The declaration's fields of a posted form, as strings (files count as empty). */
export function fgasInput(form: FormData): Record<string, string> {
  return Object.fromEntries(
    FGAS_FIELD_NAMES.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
}

