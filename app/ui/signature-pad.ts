import { useEffect, useRef, useState } from "react";
import type SignaturePadType from "signature_pad";
import type { PointGroup } from "signature_pad";

/*
 * A signature drawn with the finger or the mouse (issue 17), for the customer's quote and the
 * technician's work report: signature_pad, loaded with a dynamic import the first time it is
 * wanted (never in a page's first load), its strokes kept as SVG path data in a box of
 * 600 x 200 ("M x y L x y ..."), which the server stores and the PDFs draw.
 */

export const SIGNATURE_BOX = { width: 600, height: 200 };

export type PadState = "idle" | "loading" | "ready" | "failed";

const PEN = { penColor: "#0a2a47", minWidth: 1, maxWidth: 2.5 } as const;

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

/** Path data back into strokes on this canvas (a signature kept in a draft, drawn again after a reload). */
function pathToStrokes(path: string, canvas: HTMLCanvasElement): PointGroup[] {
  const sx = canvas.offsetWidth / SIGNATURE_BOX.width;
  const sy = canvas.offsetHeight / SIGNATURE_BOX.height;
  const groups: PointGroup[] = [];
  const tokens = path.trim().split(/\s+/);
  for (let i = 0; i + 2 < tokens.length; i += 3) {
    const [command, x, y] = [tokens[i], Number(tokens[i + 1]), Number(tokens[i + 2])];
    if (!Number.isFinite(x) || !Number.isFinite(y)) break;
    if (command === "M" || groups.length === 0) groups.push({ ...PEN, dotSize: 0, velocityFilterWeight: 0.7, compositeOperation: "source-over", points: [] });
    groups.at(-1)!.points.push({ x: x * sx, y: y * sy, pressure: 0.5, time: i * 8 });
  }
  return groups;
}

/**
 * The pad on `canvasRef`, started when `load` first becomes true. `initialPath` is drawn once it
 * is ready; `onChange` hears every finished stroke and every clearing.
 */
export function useSignaturePad(load: boolean, options: { initialPath?: string; onChange?: (path: string) => void } = {}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  const [state, setState] = useState<PadState>("idle");
  const [path, setPath] = useState(options.initialPath ?? "");
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

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
        const pad = new SignaturePad(canvas, PEN);
        const initial = latest.current.initialPath;
        if (initial) pad.fromData(pathToStrokes(initial, canvas));
        pad.addEventListener("endStroke", () => {
          const next = strokesToPath(pad, canvas);
          setPath(next);
          latest.current.onChange?.(next);
        });
        padRef.current = pad;
        setState("ready");
      })
      .catch(() => setState("failed"));
  }, [load]);

  useEffect(() => () => padRef.current?.off(), []);

  const clear = () => {
    padRef.current?.clear();
    setPath("");
    latest.current.onChange?.("");
  };
  return { canvasRef, state, path, clear };
}
