import type { CustomerFacts } from "./customer-facts";

/* What each kind of document says of its customer, as one customer record reads it (issue 30). */

/** A quote's or a job's customer (QuoteParty). */
export function factsOfParty(party: { name: string; nif: string; email: string; phone: string; address: string; postcode: string; town: string; province: string }): CustomerFacts {
  return { ...party };
}

/** A request's or a visit's contact. */
export function factsOfContact(contact: { name: string; email: string; phone: string; address: string; town: string }): CustomerFacts {
  return { ...contact };
}

/** An order: its billing address (the buyer), the account's e-mail and the account. */
export function factsOfOrder(
  bill: { nombre: string; apellidos: string; empresa: string; id: string; telefono: string; direccion: string; cp: string; poblacion: string; provincia: string },
  email: string,
  userId: string | null,
): CustomerFacts {
  return {
    name: `${bill.nombre} ${bill.apellidos}`.trim(),
    company: bill.empresa,
    nif: bill.id,
    email,
    phone: bill.telefono,
    address: bill.direccion,
    postcode: bill.cp,
    town: bill.poblacion,
    province: bill.provincia,
    userId,
  };
}
