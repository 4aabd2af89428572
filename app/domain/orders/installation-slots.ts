import { madridInstant } from "../dates/madrid-dates";

/*
 * The time slots of an installation visit (issue 11): two in the morning, two in the
 * afternoon, as the owner books them. The value is what the database keeps and the
 * calendar file reads ("09:00-11:00"); the label is what people read.
 */
export const INSTALLATION_SLOTS = ["09:00-11:00", "11:00-13:00", "16:00-18:00", "18:00-20:00"] as const;

export type InstallationSlot = (typeof INSTALLATION_SLOTS)[number];

export function isInstallationSlot(value: string): value is InstallationSlot {
  return (INSTALLATION_SLOTS as readonly string[]).includes(value);
}

/** "Mañana, de 09:00 a 11:00"; a value from before a change of the list is shown as it is. */
export function slotLabel(slot: string): string {
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(slot);
  if (!match) return slot;
  const part = Number(match[1]) < 14 ? "Mañana" : "Tarde";
  return `${part}, de ${match[1]}:${match[2]} a ${match[3]}:${match[4]}`;
}

/** Start and end ("09:00", "11:00") of a slot. */
export function slotTimes(slot: InstallationSlot): { start: string; end: string } {
  const [start, end] = slot.split("-") as [string, string];
  return { start, end };
}

/** The instants a visit starts and ends: a Madrid day and slot. */
export function installationWindow(day: string, slot: InstallationSlot): { start: Date; end: Date } {
  const { start, end } = slotTimes(slot);
  return { start: madridInstant(day, start), end: madridInstant(day, end) };
}

/** Where the visit is: the shipping address on one line, without the person's name. */
export function installationLocation(address: { direccion: string; cp: string; poblacion: string; provincia: string; pais?: string }): string {
  const town = `${address.cp} ${address.poblacion}`.trim();
  const province = address.provincia && address.provincia !== address.poblacion ? ` (${address.provincia})` : "";
  return [address.direccion, `${town}${province}`, address.pais ?? "España"].filter(Boolean).join(", ");
}
