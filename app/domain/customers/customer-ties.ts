import type { CustomerFacts } from "./customer-facts";

/*
 * How an area's documents are tied to customer records (issue 30). The area that owns the
 * table writes it (tests/integration/area-boundaries): each gives the customers area one of
 * these, for the rows written before records existed and for merges.
 */
export type CustomerTie<Db> = {
  /** «solicitudes», «pedidos»…: how the task's line and the merge's audit name them. */
  label: string;
  /** Rows with no record yet, after the id `after`, oldest first. */
  untied: (db: Db, after: number, limit: number) => Promise<{ id: number; facts: CustomerFacts }[]>;
  tie: (db: Db, id: number, customerId: number) => Promise<unknown>;
  /** Moves every row of one record to another; returns how many. */
  move: (db: Db, from: number, to: number) => Promise<number>;
};
