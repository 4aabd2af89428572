import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, read back with pdf.js, whitespace collapsed to single spaces. */
export async function pdfText(pdf: ArrayBuffer | Uint8Array): Promise<string> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let text = "";
  for (let n = 1; n <= loaded.numPages; n++) {
    const content = await (await loaded.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? `${item.str} ` : "")).join("");
  }
  await loaded.destroy();
  return text.replace(/\s+/g, " ");
}
