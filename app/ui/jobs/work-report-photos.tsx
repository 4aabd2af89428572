import { useState } from "react";
import { MAX_REPORT_PHOTOS } from "~/domain/jobs/work-report-form";
import type { DraftPhoto } from "./use-work-report-draft";

/*
 * The report's photos (issue 17): taken or chosen on the phone, brought down to 1600 px and
 * kept with the draft until the report is sent; shown from the phone's own copy.
 */

type Props = { photos: DraftPhoto[]; error?: string; add: (file: File) => Promise<void>; remove: (key: string) => void };

export function PhotoFields({ photos, error, add, remove }: Props) {
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const room = MAX_REPORT_PHOTOS - photos.length;
  const message = problem || error;
  const choose = async (files: FileList | null) => {
    setProblem("");
    const list = [...(files ?? [])];
    if (list.length > room) setProblem(`Como máximo ${MAX_REPORT_PHOTOS} fotos: se han añadido las ${Math.max(room, 0)} primeras.`);
    setBusy(true);
    for (const file of list.slice(0, Math.max(room, 0))) {
      try {
        await add(file);
      } catch {
        setProblem(`No hemos podido leer «${file.name}». Pruebe con otra foto (JPEG, PNG o WebP).`);
      }
    }
    setBusy(false);
  };
  return (
    <fieldset className="work-report-group" aria-describedby={message ? "parte-fotos-error" : undefined}>
      <legend>Fotos</legend>
      {photos.length > 0 ? (
        <ul className="work-report-photos">
          {photos.map((photo, i) => (
            <li key={photo.key}>
              <img src={photo.thumb} alt={`Foto ${i + 1} del trabajo`} width={120} height={90} />
              <button type="button" className="link-button" onClick={() => remove(photo.key)}>
                Quitar la foto {i + 1}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div className="field">
          <label htmlFor="parte-fotos">Añadir fotos{busy ? " (preparando…)" : ""}</label>
          <input
            id="parte-fotos"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            multiple
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = "";
            }}
          />
        </div>
      ) : null}
      {message ? (
        <p className="field-error" id="parte-fotos-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
