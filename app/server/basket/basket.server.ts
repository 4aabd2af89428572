import { summarize, type Basket } from "~/domain/basket/basket-pricing";
import { isFamily } from "~/domain/catalogue/product";
import { getBasketLines } from "./basket-store.server";
import { pricingProducts } from "../catalogue/catalogue.server";

/** The visitor's basket, priced from the catalogue rows its product lines name. */
export async function loadBasket(request: Request, context?: unknown): Promise<Basket> {
  const lines = await getBasketLines(request, context);
  const products = await pricingProducts(lines.filter((line) => isFamily(line.familia)).map((line) => line.id));
  return summarize(lines, products);
}
