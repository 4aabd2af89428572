import { and, asc, between, eq } from "drizzle-orm";
import { addDays, madridClock, madridInstant } from "~/domain/dates/madrid-dates";
import type { AgendaEntry } from "~/domain/admin/agenda";
import { installationLocation, installationWindow, isInstallationSlot } from "~/domain/orders/installation-slots";
import type { Database } from "../db/client.server";
import { calendarEntries } from "../jobs/jobs.server";
import { orders } from "../orders/orders-schema.server";
import { personName } from "~/domain/orders/my-orders";

/*
 * The owner's agenda on the back office's home (issue 30): every appointment of today and the
 * next seven days in one list, whatever booked it: a job of an accepted quote, a visit booked
 * from a quote request, an order's installation. Before, the home counted only the orders'
 * installations and said "0 visitas" while a job and a visit were booked.
 */

/** Orders whose installation is booked between two Madrid days, both included. */
async function orderInstallations(db: Database, from: string, until: string): Promise<Array<AgendaEntry & { at: number }>> {
  const rows = await db
    .select({ number: orders.number, day: orders.installationDate, slot: orders.installationSlot, address: orders.addressSend })
    .from(orders)
    .where(and(eq(orders.status, "Instalación programada"), between(orders.installationDate, from, until)))
    .orderBy(asc(orders.installationDate), asc(orders.installationSlot), asc(orders.number));
  return rows.map(({ number, day, slot, address }) => {
    const window = slot && isInstallationSlot(slot) ? installationWindow(day!, slot) : null;
    const [start = "", end = ""] = window ? (slot ?? "").split("-") : [];
    return {
      key: `instalacion-${number}`,
      kind: "instalacion" as const,
      day: day!,
      start,
      end,
      at: window?.start.getTime() ?? madridInstant(day!).getTime(),
      title: `Pedido ${number}`,
      customer: personName(address) || address.empresa,
      phone: address.telefono,
      place: installationLocation(address),
      technician: null,
      href: `/admin/pedidos/${encodeURIComponent(number)}`,
    };
  });
}

/** Today's and the next seven days' appointments, in the order they happen. */
export async function agenda(db: Database, today: string, until: string): Promise<AgendaEntry[]> {
  const [calendar, installations] = await Promise.all([
    calendarEntries(db, { from: madridInstant(today), to: madridInstant(addDays(until, 1)) }),
    orderInstallations(db, today, until),
  ]);
  const booked = calendar.map((entry) => {
    const start = madridClock(entry.startsAt);
    return {
      key: `${entry.kind}-${entry.id}`,
      kind: entry.kind,
      // A job that began before today (several days' work) is on today's list.
      day: start.day < today ? today : start.day,
      start: start.time,
      end: madridClock(entry.endsAt).time,
      at: entry.startsAt.getTime(),
      title: entry.quoteNumber ? `Presupuesto ${entry.quoteNumber}` : entry.serviceTitle ? `Mantenimiento: ${entry.serviceTitle}` : "Visita",
      customer: entry.customerName,
      phone: entry.phone,
      place: entry.address,
      technician: entry.technicianName,
      href: entry.kind === "trabajo" ? `/admin/trabajos/${entry.id}` : entry.requestId ? `/admin/solicitudes/${entry.requestId}` : "/admin/visitas",
    };
  });
  return [...booked, ...installations].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key)).map(({ at: _at, ...entry }) => entry);
}
