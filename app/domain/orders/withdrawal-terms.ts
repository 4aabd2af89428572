/*
 * The right of withdrawal as a distance seller must state it (spec section 9, "Legal terms":
 * 14 calendar days, return costs borne by the customer): the model instructions of
 * Annex I(A) and the model withdrawal form of Annex I(B) of Directive 2011/83/EU, in their
 * Spanish wording (Real Decreto Legislativo 1/2007, annex B). Plain text, for e-mails and pages.
 */

/** Who withdrawals are addressed to, from configuration. */
export type Trader = { legalName: string; address: string; email: string; phone: string };

function traderLine(trader: Trader): string {
  return `${trader.legalName}, ${trader.address}, correo electrónico ${trader.email}, teléfono ${trader.phone}`;
}

export function withdrawalInformation(trader: Trader): string[] {
  return [
    "Derecho de desistimiento",
    "Tiene usted derecho a desistir del presente contrato en un plazo de 14 días naturales sin necesidad de justificación.",
    "El plazo de desistimiento expirará a los 14 días naturales del día en que usted o un tercero por usted indicado, distinto del transportista, adquiera la posesión material de los bienes. Para la instalación y el mantenimiento, el plazo expirará a los 14 días naturales de la celebración del contrato.",
    `Para ejercer el derecho de desistimiento, deberá usted notificarnos (${traderLine(trader)}) su decisión de desistir del contrato a través de una declaración inequívoca (por ejemplo, una carta enviada por correo postal o un correo electrónico). Podrá utilizar el modelo de formulario de desistimiento que figura a continuación, aunque su uso no es obligatorio.`,
    "Para cumplir el plazo de desistimiento, basta con que la comunicación relativa al ejercicio por su parte de este derecho sea enviada antes de que venza el plazo correspondiente.",
    "Consecuencias del desistimiento",
    "En caso de desistimiento por su parte, le devolveremos todos los pagos recibidos de usted, incluidos los gastos de entrega (con la excepción de los gastos adicionales resultantes de la elección por su parte de una modalidad de entrega diferente a la modalidad menos costosa de entrega ordinaria que ofrezcamos), sin ninguna demora indebida y, en todo caso, a más tardar 14 días naturales a partir de la fecha en la que se nos informe de su decisión de desistir del presente contrato. Procederemos a efectuar dicho reembolso utilizando el mismo medio de pago empleado por usted para la transacción inicial, a no ser que haya usted dispuesto expresamente lo contrario; en todo caso, no incurrirá en ningún gasto como consecuencia del reembolso.",
    "Podremos retener el reembolso hasta haber recibido los bienes, o hasta que usted haya presentado una prueba de la devolución de los mismos, según qué condición se cumpla primero.",
    `Deberá usted devolvernos o entregarnos directamente los bienes (${trader.legalName}, ${trader.address}) sin ninguna demora indebida y, en cualquier caso, a más tardar en el plazo de 14 días naturales a partir de la fecha en que nos comunique su decisión de desistimiento del contrato. Se considerará cumplido el plazo si efectúa la devolución de los bienes antes de que haya concluido dicho plazo.`,
    "Deberá usted asumir el coste directo de devolución de los bienes.",
    "Solo será usted responsable de la disminución de valor de los bienes resultante de una manipulación distinta a la necesaria para establecer la naturaleza, las características y el funcionamiento de los bienes.",
    "Si usted ha solicitado que la instalación o el mantenimiento den comienzo durante el período de desistimiento, nos abonará un importe proporcional a la parte ya prestada del servicio en el momento en que nos haya comunicado su desistimiento, en relación con el objeto total del contrato. Una vez prestado por completo el servicio con su consentimiento expreso, no podrá desistir de él.",
  ];
}

/** Annex I(B), word for word, with the trader's details filled in. */
export function withdrawalModelForm(trader: Trader): string[] {
  return [
    "Modelo de formulario de desistimiento",
    "(solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)",
    `– A la atención de ${traderLine(trader)}:`,
    "– Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien/prestación del siguiente servicio (*)",
    "– Pedido el/recibido el (*)",
    "– Nombre del consumidor o de los consumidores",
    "– Domicilio del consumidor o de los consumidores",
    "– Firma del consumidor o de los consumidores (solo si el presente formulario se presenta en papel)",
    "– Fecha",
    "(*) Táchese lo que no proceda.",
  ];
}
