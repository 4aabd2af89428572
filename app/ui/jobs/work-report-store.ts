import type { WorkReportFields } from "~/domain/jobs/work-report-form";

/*
 * The work report's draft on the technician's phone (issue 17), kept until the server confirms
 * the report: what was typed and the photos. In IndexedDB rather than localStorage: photos are
 * binary (IndexedDB keeps Blobs as they are; localStorage holds strings only, base64 is a third
 * larger) and several of them pass localStorage's ~5 MB, while IndexedDB has room for
 * hundreds of megabytes; and it does not block the page while it writes. One record per job
 * in "drafts", one per photo in "photos".
 */

export type StoredDraft = {
  jobId: number;
  /** The idempotency key, made when the draft starts: the server stores a report with it once. */
  key: string;
  fields: WorkReportFields;
  /** "Enviar el parte" was pressed and the server has not answered yet: send it again when possible. */
  pending: boolean;
  updatedAt: number;
};

export type StoredPhoto = {
  /** The photo's own key: the server stores a photo sent twice once. */
  key: string;
  jobId: number;
  blob: Blob;
  /** A small copy for the form (a data: address). */
  thumb: string;
  name: string;
  /** The server's id once uploaded. */
  imageId: number | null;
  addedAt: number;
};

const DB_NAME = "parte-de-trabajo";
const DRAFTS = "drafts";
const PHOTOS = "photos";

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("sin IndexedDB"));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(DRAFTS, { keyPath: "jobId" });
      db.createObjectStore(PHOTOS, { keyPath: "key" }).createIndex("jobId", "jobId");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB"));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(stores, mode);
        const request = work(tx);
        tx.oncomplete = () => resolve(request ? request.result : undefined);
        tx.onerror = () => reject(tx.error ?? new Error("IndexedDB"));
        tx.onabort = () => reject(tx.error ?? new Error("IndexedDB"));
      }),
  );
}

/** Whether this browser can keep a draft at all (a private window of some browsers cannot). */
export async function storeAvailable(): Promise<boolean> {
  try {
    await open();
    return true;
  } catch {
    return false;
  }
}

export function readDraft(jobId: number): Promise<StoredDraft | undefined> {
  return run<StoredDraft>([DRAFTS], "readonly", (tx) => tx.objectStore(DRAFTS).get(jobId) as IDBRequest<StoredDraft>);
}

export async function writeDraft(draft: StoredDraft): Promise<void> {
  await run([DRAFTS], "readwrite", (tx) => void tx.objectStore(DRAFTS).put(draft));
}

export async function readPhotos(jobId: number): Promise<StoredPhoto[]> {
  const photos = await run<StoredPhoto[]>([PHOTOS], "readonly", (tx) => tx.objectStore(PHOTOS).index("jobId").getAll(jobId) as IDBRequest<StoredPhoto[]>);
  return (photos ?? []).sort((a, b) => a.addedAt - b.addedAt);
}

export async function writePhoto(photo: StoredPhoto): Promise<void> {
  await run([PHOTOS], "readwrite", (tx) => void tx.objectStore(PHOTOS).put(photo));
}

export async function deletePhoto(key: string): Promise<void> {
  await run([PHOTOS], "readwrite", (tx) => void tx.objectStore(PHOTOS).delete(key));
}

/** The draft and its photos, once the server has the report. */
export async function deleteDraft(jobId: number): Promise<void> {
  const photos = await readPhotos(jobId);
  await run([DRAFTS, PHOTOS], "readwrite", (tx) => {
    tx.objectStore(DRAFTS).delete(jobId);
    for (const photo of photos) tx.objectStore(PHOTOS).delete(photo.key);
  });
}

/** A random UUID (crypto.randomUUID where the page is secure; the same format from getRandomValues otherwise). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
