import { z } from "zod";
import { FAMILIES } from "../catalogue/product";

const yesNo = z.enum(["SI", "NO"]).catch("NO");

/**
 * The "add to basket" form of the pop-up, the detail page and the maintenance offer.
 * Only choices travel: the server reads product and prices from the catalogue.
 */
export const addToBasketSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("producto"),
    family: z.enum(FAMILIES),
    id: z.coerce.number().int().positive(),
    instalacion: yesNo,
    mantenimiento: yesNo,
    provincia: z.string().trim().toLowerCase().max(40).catch(""),
    gas: z.enum(["natural", "propano"]).optional().catch(undefined),
  }),
  z.object({
    kind: z.literal("mantenimiento"),
    family: z.enum(["calderas", "aires", "aerotermia"]),
    /** From «Mis equipos»: the installed unit the plan is for (checked against the buyer when the plan is made). */
    equipo: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  }),
]);

export type AddToBasketInput = z.infer<typeof addToBasketSchema>;

/** Replies of an add-to-basket action, as the pages read them. */
export type AddToBasketReply = { ok: true; count: number; added: number } | { ok: false; error: string };
