/**
 * The SHA-256 fingerprint of a signed document (an accepted quote, a signed work report), with
 * a short explanation folded behind it: customers were shown "Huella SHA-256" and a long hex
 * string with nothing to say what it is for (issue 30).
 */
export function DocumentFingerprint({ sha256, of }: { sha256: string; of: string }) {
  return (
    <details className="document-fingerprint">
      <summary>Huella del documento: {sha256.slice(0, 12)}…</summary>
      <p>
        La huella identifica {of} tal como quedó al firmarlo: se calcula con el algoritmo SHA-256 sobre el documento entero, y cualquier cambio
        posterior, aunque sea de una coma, daría otra distinta. Si algún día hubiera dudas sobre lo firmado, basta con volver a calcularla sobre
        su copia y compararla con esta.
      </p>
      <p>
        Huella completa: <code className="document-fingerprint-hash">{sha256}</code>
      </p>
    </details>
  );
}
