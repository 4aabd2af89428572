/**
 * npm run verifactu:verify
 * Recomputes the whole chain of VERI*FACTU billing records of the configured database
 * (DATABASE_URL, or the embedded one under DATA_DIR) and reports the first break. Exit code 0
 * when the chain holds, 1 when it is broken, 2 when it could not be read.
 */
import { closeDatabase, getDb } from "../app/server/db/db.server";
import { describeCheck, verifyChain } from "../app/server/invoices/verifactu-verify.server";

async function main(): Promise<number> {
  const check = await verifyChain(await getDb());
  console.log(describeCheck(check));
  return check.ok ? 0 : 1;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`No se pudo comprobar la cadena: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
