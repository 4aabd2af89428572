/*
 * The SIS error codes the stand-in answers, with Redsys's meaning in Spanish (Redsys's
 * published table of SIS errors). The real pasarela shows them on an HTML page with status
 * 200 (redirection) or as {"errorCode": "SISxxxx"} (REST).
 */
export const SIS_MESSAGES = {
  SIS0007: "El mensaje de petición no es correcto, debe revisar el formato",
  SIS0008: "Falta Ds_Merchant_MerchantCode",
  SIS0009: "Error de formato en Ds_Merchant_MerchantCode",
  SIS0010: "Falta Ds_Merchant_Terminal",
  SIS0011: "Error de formato en Ds_Merchant_Terminal",
  SIS0014: "Error de formato en Ds_Merchant_Order",
  SIS0015: "Falta Ds_Merchant_Currency",
  SIS0016: "Error de formato en Ds_Merchant_Currency",
  SIS0018: "Falta Ds_Merchant_Amount",
  SIS0019: "Error de formato en Ds_Merchant_Amount",
  SIS0022: "Error de formato en Ds_Merchant_TransactionType",
  SIS0023: "Ds_Merchant_TransactionType desconocido",
  SIS0026: "No existe el comercio / terminal enviado",
  SIS0027: "La moneda enviada no es la que tiene asignada el terminal",
  SIS0031: "Método de pago no definido",
  SIS0042: "Error en el cálculo de la firma",
  SIS0051: "Número de pedido repetido",
  SIS0054: "No existe operación sobre la que realizar la devolución",
  SIS0056: "La operación sobre la que se desea devolver no está autorizada",
  SIS0057: "El importe a devolver supera el permitido",
  SIS0074: "Falta Ds_Merchant_Order",
  SIS0075: "El número de pedido tiene menos de 4 posiciones o más de 12",
  SIS0076: "Las cuatro primeras posiciones del número de pedido no son numéricas",
  // Stored cards and charges without the customer (issue 31).
  SIS0186: "Faltan datos para operación",
  SIS0274: "Tipo de operación desconocida o no permitida por esta entrada al SIS",
  SIS0296: "No se encuentra la operación Tarjeta en Archivo inicial",
  SIS0429: "Error en la versión enviada por el comercio (Ds_SignatureVersion)",
  SIS0430: "Error al decodificar el parámetro Ds_MerchantParameters",
  SIS0431: "Error del objeto JSON que se envía codificado en el parámetro Ds_MerchantParameters",
  SIS0466: "La referencia que se está utilizando no existe",
  SIS0541: "La referencia enviada es demasiado larga (más de 40 posiciones)",
  SIS0616: "Error del parámetro DS_MERCHANT_EXCEP_SCA tiene un valor erróneo",
  SIS0617: "Error del parámetro DS_MERCHANT_EXCEP_SCA es de tipo MIT y no vienen datos de COF o de pago por referencia",
  SIS0651: "Se exige SCA y el comercio no está preparado para autenticar",
  SIS0802: "Envía un valor incorrecto en el parámetro DS_MERCHANT_COF_TYPE",
} as const;

export type SisCode = keyof typeof SIS_MESSAGES;
