import { madridDay, mondayOf } from "../dates/madrid-dates";

/*
 * Which automatic backups to keep (issue 32): the newest of each of the last 7 days that have
 * one, of the last 4 weeks (Monday to Sunday) and of the last 12 months, on Madrid's calendar.
 * One backup can count for all three. Everything else is deleted after each new backup.
 */
export const KEEP = { daily: 7, weekly: 4, monthly: 12 } as const;

export type Dated = { name: string; takenAt: Date };

function newestPerPeriod(backups: readonly Dated[], period: (day: string) => string, count: number): string[] {
  const newest = new Map<string, Dated>();
  for (const backup of backups) {
    const key = period(madridDay(backup.takenAt));
    const kept = newest.get(key);
    if (!kept || backup.takenAt > kept.takenAt) newest.set(key, backup);
  }
  return [...newest.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, count)
    .map(([, backup]) => backup.name);
}

/** The names of the backups to keep; the rest may be deleted. */
export function backupsToKeep(backups: readonly Dated[]): Set<string> {
  return new Set([
    ...newestPerPeriod(backups, (day) => day, KEEP.daily),
    ...newestPerPeriod(backups, mondayOf, KEEP.weekly),
    ...newestPerPeriod(backups, (day) => day.slice(0, 7), KEEP.monthly),
  ]);
}

/** The most recent backup, or undefined when there is none. */
export function newestBackup<T extends Dated>(backups: readonly T[]): T | undefined {
  return backups.reduce<T | undefined>((newest, backup) => (!newest || backup.takenAt > newest.takenAt ? backup : newest), undefined);
}
