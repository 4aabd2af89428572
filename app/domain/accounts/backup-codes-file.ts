/**
 * The backup codes as a text file to keep (issue 28): a phone cannot print, so the enrolment
 * and "Nuevos códigos de respaldo" offer them as a download. It names the shop and the account
 * so the owner knows later what they are for; it holds no secret other than the codes.
 */
export function backupCodesText(shopName: string, email: string, codes: string[]): string {
  return [
    `${shopName}: códigos de respaldo`,
    `Cuenta: ${email}`,
    "",
    "Cada código sirve una sola vez para entrar si no tiene el móvil o la llave de acceso.",
    "Guárdelos en un lugar seguro y no los comparta con nadie.",
    "",
    ...codes,
    "",
  ].join("\r\n");
}

/** A data: URL of that file, for an <a download> that works without a request to the server. */
export function backupCodesHref(shopName: string, email: string, codes: string[]): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(backupCodesText(shopName, email, codes))}`;
}

/** The download's file name, e.g. "codigos-respaldo-termoclima-madrid.txt". */
export function backupCodesFileName(shopName: string): string {
  const slug = shopName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `codigos-respaldo-${slug || "tienda"}.txt`;
}
