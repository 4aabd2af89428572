import { describe, expect, it } from "vitest";
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES, certificateFileName, certificateType, checkCertificate } from "./fgas-certificate";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("certificateType", () => {
  it("knows PDF, JPEG and PNG by their first bytes", () => {
    expect(certificateType(text("%PDF-1.7\n..."))).toBe("application/pdf");
    expect(certificateType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(certificateType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
  });

  it("takes a PDF header a few bytes in, as readers do", () => {
    expect(certificateType(text("\r\n%PDF-1.4"))).toBe("application/pdf");
    expect(certificateType(new Uint8Array([...new Uint8Array(2000), ...text("%PDF-1.4")]))).toBeNull();
  });

  it("refuses anything else, whatever it is called", () => {
    for (const other of [text("<html>"), text("GIF89a"), bytes(0x52, 0x49, 0x46, 0x46), bytes(0x89, 0x50, 0x4e), text("PK\u0003\u0004"), bytes()]) {
      expect(certificateType(other)).toBeNull();
    }
  });
});

describe("checkCertificate", () => {
  it("accepts a real PDF and cleans its name", () => {
    expect(checkCertificate("C:\\docs\\Certificado instalación.PDF", text("%PDF-1.7"))).toEqual({
      ok: true,
      type: "application/pdf",
      name: "Certificado instalacion.pdf",
    });
  });

  it("refuses a file named .pdf that is not one, an empty one and one over 5 MB", () => {
    expect(checkCertificate("certificado.pdf", text("MZ\u0090 ejecutable"))).toEqual({ ok: false, error: CERTIFICATE_MESSAGES.type });
    expect(checkCertificate("vacio.pdf", bytes())).toEqual({ ok: false, error: CERTIFICATE_MESSAGES.empty });
    const big = new Uint8Array(CERTIFICATE_MAX_BYTES + 1);
    big.set(text("%PDF-1.7"));
    expect(checkCertificate("grande.pdf", big)).toEqual({ ok: false, error: CERTIFICATE_MESSAGES.size });
  });
});

describe("certificateFileName", () => {
  it("gives the extension of the real type and nothing a header could break on", () => {
    expect(certificateFileName("foto.pdf", "image/jpeg")).toBe("foto.jpg");
    expect(certificateFileName('a"b;\r\nc.png', "image/png")).toBe("a-b-c.png");
    expect(certificateFileName("../../..", "application/pdf")).toBe("certificado.pdf");
    expect(certificateFileName("x".repeat(300), "application/pdf")).toHaveLength(84);
  });
});
