/** "1 pedido", "1.234 pedidos": a back-office count, its digits grouped as Spanish writes them. */
export function countText(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString("es-ES")} ${many}`;
}
