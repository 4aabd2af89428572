import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { warrantyEnds } from "~/domain/jobs/warranty";
import { loader as equipmentLoader } from "~/routes/jobs/my-equipment";
import { installedUnits, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { signUp } from "../support/auth-utils";
import { insertAcceptedJob } from "../support/job-fixtures";

/*
 * "Mis equipos" (issue 17): the signed-in customer sees the units installed for their e-mail,
 * with guarantees and documents, only once the address is verified, and never anyone else's.
 */
const ready = setupTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const page = (cookie: string) => new Request("http://localhost/login/equipos", { headers: { cookie } });

describe("Mis equipos", () => {
  it("lists the customer's units with guarantees and documents, only for a verified address", async () => {
    const { db } = await ready;
    const email = "marta.equipos@example.com";
    const job = await insertAcceptedJob(db, { email: "Marta.Equipos@Example.com", customerName: "Marta Equipos" });
    const other = await insertAcceptedJob(db, { email: "otro.cliente@example.com" });
    const ends = warrantyEnds("2026-11-20", "12345678Z");
    await db.insert(installedUnits).values([
      { jobId: job.jobId, customerEmail: "Marta.Equipos@Example.com", brand: "Saunier Duval", model: "Thema Condens 25", serialNumber: "SD-2611-0042", installedOn: "2026-11-20", ...ends },
      { jobId: other.jobId, customerEmail: "otro.cliente@example.com", brand: "Vaillant", model: "ecoTEC", serialNumber: "VA-9", installedOn: "2026-11-20", ...ends },
    ]);
    const cookie = await signUp(email, "contraseña-segura-1", "Marta Equipos");

    const unverified = await equipmentLoader(args(page(cookie)));
    expect(unverified).toMatchObject({ verified: false, units: [] });

    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const shown = (await equipmentLoader(args(page(cookie)))) as { verified: boolean; units: Array<Record<string, unknown> & { documents: { label: string; href: string }[] }> };
    expect(shown.verified).toBe(true);
    expect(shown.units).toHaveLength(1);
    expect(shown.units[0]).toMatchObject({ brand: "Saunier Duval", serialNumber: "SD-2611-0042", labourWarrantyUntil: "2027-05-20", partsWarrantyUntil: "2028-11-20", legalGuaranteeUntil: "2029-11-20", quoteNumber: job.number });
    expect(shown.units[0]!.documents[0]).toEqual({ label: `Presupuesto ${job.number}`, href: expect.stringMatching(/^\/presupuestos\/[\w-]+\/pdf$/) });
  });

  it("sends an anonymous visitor to sign in", async () => {
    await ready;
    await expect(equipmentLoader(args(new Request("http://localhost/login/equipos")))).rejects.toMatchObject({ status: 302 });
  });
});
