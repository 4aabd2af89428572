import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as siteAction, loader as siteLoader } from "~/routes/site/admin-site";
import { loader as homeLoader } from "~/routes/site/home";
import { publicShopInfo } from "~/server/config.server";
import { auditLog, flags, images, siteMedia } from "~/server/db/schema.server";
import { forgetCachedFlags, getFlags } from "~/server/site/flags.server";
import { getSiteMedia } from "~/server/site/site-media.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { register } from "../support/login-utils";

/* /admin/sitio (issue 11): the flags, the carousel's photos and the brand logos. */
const ready = setupTestDatabase();
const OWNER = "admin-sitio@termoclima.test";
let cookie = "";

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER);
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
type Page = Awaited<ReturnType<typeof siteLoader>>;
const page = async () => (await siteLoader(args(adminRequest("/admin/sitio", cookie)))) as Page;
const post = (form: Record<string, string>, who = cookie) => settle(() => siteAction(args(adminRequest("/admin/sitio", who, form))));

function slotRequest(fields: Record<string, string>, file: File | null, who = cookie): Request {
  const base = publicShopInfo().baseUrl;
  const form = new FormData();
  form.append("intent", "slot");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("imagen", file ?? new File([], ""));
  return new Request(`${base}/admin/sitio`, { method: "POST", headers: { Cookie: who, Origin: base }, body: form });
}
const saveSlot = (fields: Record<string, string>, file: File | null, who = cookie) => settle(() => siteAction(args(slotRequest(fields, file, who))));

const photo = async (colour: string, width = 900, height = 540) =>
  new File([new Uint8Array(await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer())], "reforma.jpg", {
    type: "image/jpeg",
  });

async function auditOf(entityId: string) {
  const { db } = await ready;
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "sitio"), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

describe("who may use it", () => {
  it("answers the ordinary 404 to visitors and customers, on the loader and every action", async () => {
    const customer = await register("fisgon@example.com");
    for (const who of ["", customer]) {
      expect((await settle(() => siteLoader(args(adminRequest("/admin/sitio", who))))).status).toBe(404);
      expect((await post({ intent: "flag", name: "maintenance", value: "on", confirmar: "si" }, who)).status).toBe(404);
      expect((await post({ intent: "restore", area: "carrusel", position: "1" }, who)).status).toBe(404);
      expect((await saveSlot({ area: "carrusel", position: "1", caption: "X" }, await photo("#123456"), who)).status).toBe(404);
    }
    const { db } = await ready;
    expect(await db.select().from(siteMedia)).toEqual([]);
    const [maintenance] = await db.select().from(flags).where(eq(flags.name, "maintenance"));
    expect(maintenance?.enabled ?? false).toBe(false);
  });
});

describe("flags", () => {
  it("switches maintenance on only when confirmed, and off again; each switch audited and seen by the shop", async () => {
    const unconfirmed = await post({ intent: "flag", name: "maintenance", value: "on" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ ok: false, target: "indicador:maintenance" });
    expect((await page()).flags.maintenance).toBe(false);

    const on = await post({ intent: "flag", name: "maintenance", value: "on", confirmar: "si" });
    expect(on.data).toMatchObject({ ok: true, message: "«Modo mantenimiento» activado. Se verá en todas las instancias en unos segundos." });
    expect((await page()).flags.maintenance).toBe(true);
    expect((await getFlags()).maintenance).toBe(true);

    const again = await post({ intent: "flag", name: "maintenance", value: "on", confirmar: "si" });
    expect(again.data).toMatchObject({ ok: true, message: "«Modo mantenimiento» ya estaba activado." });

    await post({ intent: "flag", name: "maintenance", value: "off" });
    forgetCachedFlags();
    expect((await getFlags()).maintenance).toBe(false);
    const log = await auditOf("indicador:maintenance");
    expect(log.map((row) => [row.actor, row.action, row.before, row.after])).toEqual([
      [OWNER, "indicador.activar", { activado: false }, { activado: true }],
      [OWNER, "indicador.desactivar", { activado: true }, { activado: false }],
    ]);
  });

  it("switches every other flag, and refuses a name that is not one", async () => {
    for (const name of ["campaignCalderas", "campaignAires", "campaignAero", "campaign", "showReasons"] as const) {
      const was = (await page()).flags[name];
      expect((await post({ intent: "flag", name, value: was ? "off" : "on" })).data, name).toMatchObject({ ok: true });
      expect((await page()).flags[name], name).toBe(!was);
      expect(await auditOf(`indicador:${name}`), name).toHaveLength(1);
    }
    expect((await post({ intent: "flag", name: "__proto__", value: "on" })).status).toBe(400);
    expect((await post({ intent: "flag", name: "campaign", value: "quizá" })).status).toBe(400);
  });
});

describe("the home page's pictures", () => {
  it("puts the owner's photo and text in a carousel slot; the home page shows it; the text alone can change", async () => {
    const saved = await saveSlot({ area: "carrusel", position: "2", caption: "  Baño   de Chamberí " }, await photo("#2255aa"));
    expect(saved.data).toMatchObject({ ok: true, message: "Imagen guardada.", target: "carrusel:2" });
    const slot = (await page()).media.carrusel[2]!;
    expect(slot.caption).toBe("Baño de Chamberí");
    expect(slot.image).toMatchObject({ width: 900, height: 540, widths: [320, 640, 900] });

    const home = await homeLoader();
    expect(home.media.carrusel[2]?.image.imageId).toBe(slot.image.imageId);
    expect(home.media.carrusel[1]).toBeUndefined();

    expect((await saveSlot({ area: "carrusel", position: "2", caption: "Baño reformado" }, null)).data).toMatchObject({ message: "Texto guardado." });
    const after = (await page()).media.carrusel[2]!;
    expect(after).toMatchObject({ caption: "Baño reformado", image: { imageId: slot.image.imageId } });
    expect((await auditOf("carrusel:2")).map((row) => row.action)).toEqual(["carrusel.imagen", "carrusel.texto"]);
  });

  it("deletes the picture a new one replaces, and the restored slot's picture", async () => {
    const { db } = await ready;
    const old = (await page()).media.carrusel[2]!.image.imageId;
    await saveSlot({ area: "carrusel", position: "2", caption: "Baño reformado" }, await photo("#aa5522"));
    const replaced = (await page()).media.carrusel[2]!.image.imageId;
    expect(replaced).not.toBe(old);
    expect(await db.select().from(images).where(eq(images.id, old))).toHaveLength(0);

    expect((await post({ intent: "restore", area: "carrusel", position: "2" })).data).toMatchObject({ ok: true, message: "Muestra restaurada." });
    expect((await page()).media.carrusel[2]).toBeUndefined();
    expect(await db.select().from(images).where(eq(images.id, replaced))).toHaveLength(0);
    expect((await post({ intent: "restore", area: "carrusel", position: "2" })).data).toMatchObject({ message: "Este hueco ya mostraba la muestra." });
    const last = (await auditOf("carrusel:2")).at(-1)!;
    expect(last).toMatchObject({ action: "carrusel.restaurar", before: { imagen: replaced }, after: { imagen: "muestra" } });
  });

  it("adds a brand logo after the demo's, keeping a logo's proportions", async () => {
    const logo = new File(
      [new Uint8Array(await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer())],
      "logo.png",
      { type: "image/png" },
    );
    expect((await saveSlot({ area: "marcas", position: "12", caption: "Vaillant" }, logo)).data).toMatchObject({ ok: true });
    expect((await homeLoader()).media.marcas[12]).toMatchObject({ caption: "Vaillant", image: { width: 400, height: 100 } });
  });

  it("refuses what cannot be saved with a 400 and a Spanish message", async () => {
    const demoWithoutFile = await saveSlot({ area: "carrusel", position: "3", caption: "Salón" }, null);
    expect(demoWithoutFile).toMatchObject({ status: 400, data: { error: "Elija una imagen (JPEG, PNG o WebP) para sustituir la de muestra." } });
    const noCaption = await saveSlot({ area: "carrusel", position: "3", caption: "   " }, await photo("#000000"));
    expect(noCaption.status).toBe(400);
    expect((noCaption.data as { error: string }).error).toMatch(/^Escriba el texto de la imagen/);
    const fake = new File([new TextEncoder().encode("%PDF-1.7")], "presupuesto.png", { type: "image/png" });
    const notImage = await saveSlot({ area: "marcas", position: "1", caption: "Baxi" }, fake);
    expect(notImage.data).toMatchObject({ error: "La imagen «presupuesto.png» no es una imagen JPEG, PNG o WebP que podamos leer." });
    for (const [area, position] of [["carrusel", "5"], ["carrusel", "0"], ["marcas", "17"], ["portada", "1"]]) {
      expect((await saveSlot({ area: area!, position: position!, caption: "X" }, await photo("#ffffff"))).status).toBe(400);
    }
    const big = await saveSlot({ area: "carrusel", position: "3", caption: "X" }, new File([new Uint8Array(15_000_001)], "enorme.jpg"));
    expect(big.status).toBe(413);
    expect((await page()).media.carrusel[3]).toBeUndefined();
  });

  it("shows another instance's change within the flag cache time (2 s)", async () => {
    const { db } = await ready;
    const now = Date.now();
    const seen = await getSiteMedia(now);
    const [image] = await db.insert(images).values({ width: 10, height: 10 }).returning();
    // Written as another instance would: this process's copy is not told.
    await db.insert(siteMedia).values({ area: "carrusel", position: 4, imageId: image!.id, caption: "Otra instancia" });
    expect((await getSiteMedia(now + 1_000))[`carrusel`][4]).toBeUndefined();
    expect(seen.carrusel[4]).toBeUndefined();
    expect((await getSiteMedia(now + 60_000)).carrusel[4]?.caption).toBe("Otra instancia");
  });
});
