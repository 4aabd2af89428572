import { useEffect, useRef, useState } from "react";
import type SignaturePadType from "signature_pad";
import { useHydrated } from "../use-hydrated";

/*
 * The customer's signature (issue 17): drawn on the screen with signature_pad, loaded with a
 * dynamic import the first time the acceptance form is used (not in the page's first load), its
 * strokes kept as SVG path data in a box of 600 x 200 in a hidden field; or, without
 * JavaScript (or by choice), the name typed as a signature.
 */

export const SIGNATURE_BOX = { width: 600, height: 200 };

type PadState = "idle" | "loading" | "ready" | "failed";

/** The strokes as "M x y L x y ..." in the 600 x 200 box. */
function strokesToPath(pad: SignaturePadType, canvas: HTMLCanvasElement): string {
  const sx = SIGNATURE_BOX.width / canvas.offsetWidth;
  const sy = SIGNATURE_BOX.height / canvas.offsetHeight;
  const round = (n: number) => String(Math.round(n * 10) / 10);
  const parts: string[] = [];
  for (const group of pad.toData()) {
    group.points.forEach((point, i) => {
      const x = round(point.x * sx);
      const y = round(point.y * sy);
      parts.push(`${i === 0 ? "M" : "L"} ${x} ${y}`);
      // A dot (one point) still draws: a tiny line.
      if (group.points.length === 1) parts.push(`L ${round(point.x * sx + 0.5)} ${y}`);
    });
  }
  return parts.join(" ");
}

export function SignatureField({ load, error, typedDefault }: { load: boolean; error?: string; typedDefault?: string }) {
  const hydrated = useHydrated();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  const [state, setState] = useState<PadState>("idle");
  const [path, setPath] = useState("");

  const started = useRef(false);
  useEffect(() => {
    // Once: the state change below must not cancel the import it started.
    if (!load || started.current || !canvasRef.current) return;
    started.current = true;
    setState("loading");
    import("signature_pad")
      .then(({ default: SignaturePad }) => {
        const canvas = canvasRef.current;
        if (!canvas) return;
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext("2d")?.scale(ratio, ratio);
        const pad = new SignaturePad(canvas, { penColor: "#0a2a47", minWidth: 1, maxWidth: 2.5 });
        pad.addEventListener("endStroke", () => setPath(strokesToPath(pad, canvas)));
        padRef.current = pad;
        setState("ready");
      })
      .catch(() => setState("failed"));
  }, [load]);

  useEffect(() => () => padRef.current?.off(), []);

  const clear = () => {
    padRef.current?.clear();
    setPath("");
  };
  const describedBy = error ? "firma-error" : undefined;
  return (
    <fieldset className="quote-signature" aria-describedby={describedBy}>
      <legend>Su firma</legend>
      {hydrated && state !== "failed" ? (
        <div className="quote-signature-pad" data-state={state}>
          <p id="firma-ayuda" className="field-help">
            Firme dentro del recuadro con el dedo o con el ratón{state === "loading" ? " (preparando el recuadro…)" : ""}.
          </p>
          <canvas ref={canvasRef} className="quote-signature-canvas" role="img" aria-label="Recuadro para firmar" data-testid="signature-canvas" />
          <input type="hidden" name="signaturePath" value={path} />
          <button type="button" className="button button-secondary" onClick={clear} disabled={!path}>
            Borrar la firma
          </button>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="typedSignature">{hydrated && state !== "failed" ? "O escriba su nombre como firma" : "Escriba su nombre completo como firma"}</label>
        <input id="typedSignature" name="typedSignature" type="text" autoComplete="name" defaultValue={typedDefault} maxLength={150} aria-describedby={describedBy} />
      </div>
      {error ? (
        <p id="firma-error" className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
