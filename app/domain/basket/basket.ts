import { hasMaintenance } from "../catalogue/service-prices";
import { gasOptions, type BasketLine, type Family, type GasType } from "../catalogue/product";

/** Service ids of spec section 9: 1 boilers, 2 air, 3 aerothermal, 4 thermostats. */
export const SERVICE_LINE_ID: Record<Family, number> = {
  calderas: 1,
  aires: 2,
  aerotermia: 3,
  termostatos: 4,
};

export const REGION_ERROR =
  "Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid";

export type AddChoice = {
  installation: boolean;
  maintenance: boolean;
  region: string;
  gas?: GasType;
};

export type AddResult = { ok: true; lines: BasketLine[] } | { ok: false; error: string };

/**
 * The lines one "add to basket" creates (spec sections 4, 5, 9): the product, then its
 * installation line, then its maintenance line. A service needs region madrid. Every
 * maintenance line is "mantenimientos" (the original's singular on air was a slip).
 */
export function linesForProduct(
  product: { id: number; family: Family; brand: string },
  choice: AddChoice,
): AddResult {
  const maintenance = choice.maintenance && hasMaintenance(product.family);
  if ((choice.installation || maintenance) && choice.region !== "madrid") {
    return { ok: false, error: REGION_ERROR };
  }
  const line: BasketLine = { id: product.id, familia: product.family, cantidad: 1 };
  if (product.family === "calderas") {
    const allowed = gasOptions(product.brand);
    const gas = choice.gas ?? "natural";
    if (!allowed.includes(gas)) return { ok: false, error: "Esta caldera solo funciona con gas natural." };
    line.opcion = gas;
  }
  const lines = [line];
  const serviceId = SERVICE_LINE_ID[product.family];
  if (choice.installation) {
    lines.push({ id: serviceId, familia: "instalaciones", cantidad: 1, provincia: "madrid" });
  }
  if (maintenance) {
    lines.push({ id: serviceId, familia: "mantenimientos", cantidad: 1, provincia: "madrid" });
  }
  return { ok: true, lines };
}

/** A yearly maintenance on its own (tienda/mantenimientos): always in Madrid. */
export function maintenanceLine(family: "calderas" | "aires" | "aerotermia", installedUnitId?: number): BasketLine {
  const line: BasketLine = { id: SERVICE_LINE_ID[family], familia: "mantenimientos", cantidad: 1, provincia: "madrid" };
  return installedUnitId ? { ...line, equipo: installedUnitId } : line;
}

export function addLines(basket: BasketLine[], lines: BasketLine[]): BasketLine[] {
  return [...basket, ...lines];
}

const FAMILY_BY_SERVICE_ID = Object.fromEntries(
  Object.entries(SERVICE_LINE_ID).map(([family, id]) => [id, family as Family]),
) as Record<number, Family>;

/** A line of a service (installation or maintenance), not of goods: in a basket or an order's line. */
export function isServiceFamily(familia: string): familia is "instalaciones" | "mantenimientos" {
  return familia === "instalaciones" || familia === "mantenimientos";
}

/** The product family a service line belongs to. */
export function serviceFamily(line: BasketLine): Family | undefined {
  return isServiceFamily(line.familia) ? FAMILY_BY_SERVICE_ID[line.id] : undefined;
}

/**
 * Removes the first line matching family and id; when no product of that family remains,
 * that family's installation line goes too (spec section 4, "Cart"); maintenance lines stay,
 * since a yearly maintenance can be bought alone.
 */
export function removeLine(basket: BasketLine[], familia: BasketLine["familia"], id: number): BasketLine[] {
  const index = basket.findIndex((line) => line.familia === familia && line.id === id);
  if (index === -1) return basket;
  const next = basket.filter((_, i) => i !== index);
  if (familia === "instalaciones" || familia === "mantenimientos") return next;
  if (next.some((line) => line.familia === familia)) return next;
  // Every installation line of the family: with no product left, none of them has a purpose.
  const installationId = SERVICE_LINE_ID[familia];
  return next.filter((line) => !(line.familia === "instalaciones" && line.id === installationId));
}

export function basketCount(basket: BasketLine[] | null | undefined): number {
  return basket?.length ?? 0;
}
