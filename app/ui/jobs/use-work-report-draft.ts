import { useCallback, useEffect, useRef, useState } from "react";
import type { WorkReportFields } from "~/domain/jobs/work-report-form";
import { downscalePhoto } from "../photo-downscale";
import { deleteDraft, deletePhoto, newKey, readDraft, readPhotos, storeAvailable, writeDraft, writePhoto, type StoredDraft, type StoredPhoto } from "./work-report-store";

/*
 * The work report's draft as the form uses it (issue 17): read from the phone's storage when
 * the page opens (a reload, or a return after a lost connection, finds everything typed), and
 * written again on every change, in order. Without storage (a private window) it still works
 * for this page's life, and says so.
 */

export type DraftPhoto = StoredPhoto;

export type Draft = {
  ready: boolean;
  /** Whether the phone keeps it across a reload. */
  persistent: boolean;
  key: string;
  fields: WorkReportFields;
  pending: boolean;
  photos: DraftPhoto[];
};

export function useWorkReportDraft(jobId: number, initialFields: () => WorkReportFields) {
  const [draft, setDraft] = useState<Draft>(() => ({ ready: false, persistent: false, key: "", fields: initialFields(), pending: false, photos: [] }));
  const latest = useRef(draft);
  const writes = useRef<Promise<unknown>>(Promise.resolve());

  /** Writes one after another, so an older write never lands after a newer one. */
  const queue = useCallback((work: () => Promise<unknown>) => {
    writes.current = writes.current.then(work).catch(() => {});
    return writes.current;
  }, []);

  const commit = useCallback(
    (next: Draft) => {
      latest.current = next;
      setDraft(next);
      if (!next.persistent) return Promise.resolve();
      const record: StoredDraft = { jobId, key: next.key, fields: next.fields, pending: next.pending, updatedAt: Date.now() };
      return queue(() => writeDraft(record));
    },
    [jobId, queue],
  );

  useEffect(() => {
    let live = true;
    (async () => {
      const persistent = await storeAvailable();
      const stored = persistent ? await readDraft(jobId).catch(() => undefined) : undefined;
      const photos = persistent && stored ? await readPhotos(jobId).catch(() => []) : [];
      if (!live) return;
      const next: Draft = stored
        ? { ready: true, persistent, key: stored.key, fields: { ...initialFields(), ...stored.fields }, pending: stored.pending, photos }
        : { ready: true, persistent, key: newKey(), fields: latest.current.fields, pending: false, photos: [] };
      latest.current = next;
      setDraft(next);
    })();
    return () => {
      live = false;
    };
    // Once per job: initialFields only seeds a new draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);

  const update = useCallback((change: (fields: WorkReportFields) => WorkReportFields) => commit({ ...latest.current, fields: change(latest.current.fields) }), [commit]);

  const setPending = useCallback((pending: boolean) => commit({ ...latest.current, pending }), [commit]);

  const addPhoto = useCallback(
    async (file: File) => {
      const { blob, thumb } = await downscalePhoto(file);
      const photo: StoredPhoto = { key: newKey(), jobId, blob, thumb, name: file.name.replace(/\.[^.]+$/, "") + ".jpg", imageId: null, addedAt: Date.now() };
      if (latest.current.persistent) await queue(() => writePhoto(photo));
      await commit({ ...latest.current, photos: [...latest.current.photos, photo] });
    },
    [commit, jobId, queue],
  );

  const removePhoto = useCallback(
    async (key: string) => {
      if (latest.current.persistent) await queue(() => deletePhoto(key));
      await commit({ ...latest.current, photos: latest.current.photos.filter((photo) => photo.key !== key) });
    },
    [commit, queue],
  );

  const photoUploaded = useCallback(
    async (photo: StoredPhoto, imageId: number) => {
      const found = latest.current.photos.find((p) => p.key === photo.key);
      // Removed while it was on its way: the server's copy stays unused.
      if (!found) return;
      if (latest.current.persistent) await queue(() => writePhoto({ ...found, imageId }));
      await commit({ ...latest.current, photos: latest.current.photos.map((p) => (p.key === photo.key ? { ...p, imageId } : p)) });
    },
    [commit, queue],
  );

  /** The server has the report: nothing of it stays on the phone. */
  const discard = useCallback(async () => {
    if (latest.current.persistent) await queue(() => deleteDraft(jobId));
    const next = { ...latest.current, persistent: false, pending: false, photos: [] };
    latest.current = next;
    setDraft(next);
  }, [jobId, queue]);

  return { draft, latest, update, setPending, addPhoto, removePhoto, photoUploaded, discard };
}
