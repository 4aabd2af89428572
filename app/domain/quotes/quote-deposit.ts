import { divideToCents } from "../money";
import type { DepositRule } from "./quote-content";

/*
 * The deposit asked when a quote is accepted (issue 17): a percentage or an amount of the
 * accepted total (VAT included), rounded to the cent, never above the total, never negative.
 */
export function depositCents(rule: DepositRule, totalCents: number): number {
  const total = Math.max(totalCents, 0);
  switch (rule.kind) {
    case "ninguno":
      return 0;
    case "porcentaje":
      return Math.min(total, Math.max(0, divideToCents(total * rule.percent, 100)));
    case "importe":
      return Math.min(total, Math.max(0, rule.cents));
  }
}

export function depositLabel(rule: DepositRule): string {
  switch (rule.kind) {
    case "ninguno":
      return "Sin señal";
    case "porcentaje":
      return `Señal del ${String(rule.percent).replace(".", ",")} % del total aceptado`;
    case "importe":
      return "Señal de importe fijo";
  }
}
