/*
 * Redsys's codes (issue 12): our order codes, the pay-method parameter and the meaning of
 * a response code, from Redsys's published tables. Pure, shared by server and pages.
 */

/** Ds_Merchant_Order: 4 to 12 characters, the first 4 digits, the rest letters or digits. */
export const REDSYS_ORDER_PATTERN = /^[0-9]{4}[0-9A-Za-z]{0,8}$/;

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A new order code for one payment attempt: 4 random digits and 8 random letters or digits
 * (62^8 x 10^4 codes), so that no two attempts of any database ever share one; the unique
 * index catches the impossible. `randomBytes` gives 12 random bytes (injected for tests).
 */
export function newRedsysOrderCode(randomBytes: (count: number) => Uint8Array): string {
  const bytes = randomBytes(12);
  let code = "";
  for (let i = 0; i < 4; i++) code += String(bytes[i]! % 10);
  for (let i = 4; i < 12; i++) code += ALPHANUMERIC[bytes[i]! % ALPHANUMERIC.length];
  return code;
}

/** DS_MERCHANT_PAYMETHODS: "C" card only, "z" Bizum. */
export const PAY_METHOD_PARAMETER = { tarjeta: "C", bizum: "z" } as const;

/** Ds_Response 0000 to 0099: authorised. */
export function isAuthorised(code: string): boolean {
  return /^\d{1,4}$/.test(code) && Number(code) <= 99;
}

/** Ds_Response of an accepted refund (transaction type 3). */
export const REFUND_ACCEPTED = "0900";

const MEANINGS: Record<string, string> = {
  "0101": "Tarjeta caducada",
  "0102": "Tarjeta bloqueada temporalmente o bajo sospecha de fraude",
  "0104": "Operación no permitida para esa tarjeta o terminal",
  "0106": "Intentos de PIN excedidos",
  "0116": "Disponible insuficiente",
  "0118": "Tarjeta no registrada",
  "0125": "Tarjeta no efectiva",
  "0129": "Código de seguridad (CVV2/CVC2) incorrecto",
  "0167": "Sospecha de fraude",
  // The issuer's "do not retry" answers, mostly to charges without the customer (issue 31).
  "0172": "Denegada, no repetir",
  "0173": "Denegada, no repetir sin actualizar los datos de la tarjeta",
  "0174": "Denegada, no repetir antes de 72 horas",
  "0180": "Tarjeta ajena al servicio",
  "0184": "Error en la autenticación del titular",
  "0190": "Denegación del emisor sin especificar motivo",
  "0191": "Fecha de caducidad errónea",
  "0195": "Requiere autenticación reforzada (SCA)",
  "0202": "Tarjeta bloqueada por sospecha de fraude",
  "0400": "Anulación aceptada",
  "0900": "Devolución o confirmación aceptada",
  "0904": "Comercio no registrado en el FUC",
  "0909": "Error de sistema",
  "0912": "Emisor no disponible",
  "0913": "Pedido repetido",
  "0944": "Sesión incorrecta",
  "0950": "Operación de devolución no permitida",
  "9064": "Número de posiciones de la tarjeta incorrecto",
  "9078": "Tipo de operación no permitida para esa tarjeta",
  "9093": "Tarjeta no existente",
  "9094": "Rechazo de los servidores internacionales",
  "9104": "Comercio con «titular seguro» y titular sin clave de compra segura",
  "9218": "El comercio no permite operaciones seguras por entrada",
  "9253": "La tarjeta no cumple el dígito de control",
  "9256": "El comercio no puede realizar preautorizaciones",
  "9257": "Esta tarjeta no permite preautorizaciones",
  "9261": "Operación detenida por superar el control de restricciones de entrada al SIS",
  "9912": "Emisor no disponible",
  "9913": "Error en la confirmación que el comercio envía al TPV virtual",
  "9914": "Confirmación «KO» del comercio",
  "9915": "El cliente canceló el pago",
  "9928": "Anulación de autorización en diferido realizada por el SIS",
  "9929": "Anulación de autorización en diferido realizada por el comercio",
  "9997": "Se está procesando otra operación en el SIS con la misma tarjeta",
  "9998": "Operación en proceso de solicitud de datos de tarjeta",
  "9999": "Operación redirigida al emisor para autenticar",
};

/** Redsys's meaning of a Ds_Response (or SISxxxx error), in Spanish; never empty. */
export function responseMeaning(code: string): string {
  if (isAuthorised(code)) return "Operación autorizada";
  const normalised = /^\d{1,4}$/.test(code) ? code.padStart(4, "0") : code;
  return MEANINGS[normalised] ?? (normalised.startsWith("SIS") ? `Error de Redsys ${normalised}` : `Operación denegada (código ${normalised})`);
}

/**
 * Where Redsys posts its notifications: a server-to-server call, so it is exempt from the
 * same-origin check and stays open in maintenance (a payment must never be lost).
 */
export const NOTIFICATION_PATH = "/api/redsys/notificacion";
