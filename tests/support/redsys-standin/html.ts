/*
 * The stand-in's pages: plain HTML and CSS, no JavaScript, Spanish, every value escaped.
 * They look like a bank's payment page and say plainly that nothing real is charged.
 */
import { formatEuros } from "~/domain/money";

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f4;color:#1d2733}
header{background:#0b3d68;color:#fff;padding:.75rem 1rem}
header p{margin:0;font-weight:600;letter-spacing:.02em}
header small{display:block;font-weight:400;color:#d8e6f3}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}
main.ancho{max-width:64rem}
section{background:#fff;border:1px solid #c9d3dd;border-radius:8px;padding:1.25rem}
h1{font-size:1.35rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.25rem}
dt{color:#4a5866}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.importe{font-size:1.4rem}
.botones{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.7rem 1.5rem;border-radius:6px;border:2px solid #0b3d68;cursor:pointer;min-width:8rem}
.pagar{background:#0b3d68;color:#fff}
.denegar{background:#fff;color:#8a1c1c;border-color:#8a1c1c}
button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.aviso{font-size:.9rem;color:#4a5866;margin-top:1rem}
.error h1{color:#8a1c1c}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{border-bottom:1px solid #c9d3dd;padding:.3rem;text-align:left}
label{display:block;margin:.5rem 0 .2rem}
select,input{font:inherit;padding:.3rem}
`;

/** `wide` for the control page's log. */
export function page(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>TPV Virtual · Redsys<small>Simulador local: no se cobra nada de verdad</small></p></header>
<main${wide ? ' class="ancho"' : ""}>${body}</main>
</body>
</html>`;
}

export type PaymentView = { sessionId: string; merchantName: string; description: string; amount: number; method: "tarjeta" | "bizum"; order: string };

export function paymentPage(view: PaymentView): string {
  const kind = view.method === "bizum" ? "Pago con Bizum" : "Pago con tarjeta";
  const rows: [string, string][] = [
    ["Comercio", view.merchantName],
    ["Concepto", view.description],
    ["Pedido", view.order],
  ];
  return page(
    `${kind} · Redsys`,
    `<section aria-labelledby="titulo">
<h1 id="titulo">${kind}</h1>
<dl>
${rows.filter(([, value]) => value).map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("\n")}
<dt>Importe</dt><dd class="importe">${escapeHtml(formatEuros(view.amount))}</dd>
</dl>
<form method="post" action="/sis/decidir/${encodeURIComponent(view.sessionId)}">
<div class="botones">
<button class="pagar" type="submit" name="decision" value="pagar">Pagar</button>
<button class="denegar" type="submit" name="decision" value="denegar">Denegar</button>
</div>
</form>
<p class="aviso">«Pagar» autoriza la operación (código 0000); «Denegar» la rechaza como lo haría el banco emisor (código 0190).</p>
</section>`,
  );
}

export function errorPage(code: string, message: string, detail?: string): string {
  return page(
    `Error ${code} · Redsys`,
    `<section class="error" aria-labelledby="titulo">
<h1 id="titulo">No se puede realizar la operación</h1>
<p>Código de error: <strong>${escapeHtml(code)}</strong></p>
<p>${escapeHtml(message)}${detail ? ` (${escapeHtml(detail)})` : ""}</p>
<p class="aviso">Vuelva a la tienda e inténtelo de nuevo. Si el problema continúa, póngase en contacto con el comercio.</p>
</section>`,
  );
}
