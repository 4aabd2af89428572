import type { BasketLine } from "../catalogue/product";

/*
 * The phone order form's names and limits (issue 30), without Zod: the page's JavaScript
 * imports them, and the rules that check them (phone-order-form.ts) stay on the server.
 */

export const LINE_FIELD = "linea";
export const EMAIL_FIELD = "email";
export const MAX_DRAFT_LINES = 60;
export const MAX_QUANTITY = 10;

/** A draft line as its hidden input carries it: "calderas:12:natural:", "instalaciones:1::madrid". */
export function lineValue(line: BasketLine): string {
  return [line.familia, line.id, line.opcion ?? "", line.provincia ?? ""].join(":");
}

/** A search result as the page shows it: the choices the shop's pop-up would offer are decided on the server. */
export type PhoneOrderHit = {
  id: number;
  name: string;
  family: string;
  type: string;
  priceCents: number;
  stock: number;
  /** The gases a boiler comes in ("natural", "propano"); empty for everything else. */
  gases: string[];
  /** The yearly maintenance can be added with it. */
  maintainable: boolean;
};

/** «Añadir Mantenimiento anual de …» without equipment, one button per family. */
export type PhoneOrderMaintenance = { family: string; title: string };
