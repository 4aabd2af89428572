/**
 * A withdrawal ("Desistir del contrato") as the back office handles it (issue 11):
 * received -> goods returned -> refunded (with date and amount).
 */
export const WITHDRAWAL_STATES = ["recibido", "devuelto", "reembolsado"] as const;

export type WithdrawalHandling = (typeof WITHDRAWAL_STATES)[number];

export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalHandling, string> = {
  recibido: "Recibido",
  devuelto: "Mercancía devuelta",
  reembolsado: "Reembolsado",
};

const NEXT: Record<WithdrawalHandling, readonly WithdrawalHandling[]> = {
  recibido: ["devuelto", "reembolsado"],
  devuelto: ["reembolsado"],
  reembolsado: [],
};

export function canMoveWithdrawal(from: WithdrawalHandling, to: WithdrawalHandling): boolean {
  return NEXT[from].includes(to);
}
