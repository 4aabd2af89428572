import { summarize, type Basket } from "~/domain/basket-pricing";
import { getCartLines } from "./cart.server";
import { allProducts } from "./catalogue.server";

/** The visitor's basket, priced from the catalogue. */
export async function loadBasket(request: Request, context?: unknown): Promise<Basket> {
  const [lines, products] = await Promise.all([getCartLines(request, context), allProducts()]);
  return summarize(lines, products);
}
