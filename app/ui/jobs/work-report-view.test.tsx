// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WorkReportSummary, WorkReportView, type SignedReport } from "./work-report-view";

afterEach(cleanup);

const REPORT: SignedReport = {
  signedAt: "03/12/2026, 11:15",
  technicianName: "Tomás Instalador",
  kind: "Caldera de gas (instalación o sustitución)",
  unitsTitle: "Equipos instalados",
  checklist: [
    { item: "Prueba de estanqueidad del gas", done: true },
    { item: "Caldera anclada y nivelada", done: false },
  ],
  combustion: ["CO: 38 ppm", "CO2: 9,1 %"],
  units: [{ name: "Saunier Duval Thelia Condens 25", serialNumber: "21334500100234567" }],
  extras: ["Material: Llave de corte de 3/4 (calidad: Latón): 1 ud x 18,50 € = 18,50 €"],
  extrasTotalCents: 2239,
  vatRate: 21,
  notes: "",
  photos: [{ src: "/admin/trabajos/4/fotos/9-320.jpg", href: "/admin/trabajos/4/fotos/9-1600.jpg", width: 1600, height: 1200 }],
  statements: ["Conforme con los trabajos realizados", "Acepto los trabajos adicionales por 22,39 € (IVA incluido)"],
  signature: "M 10 10 L 50 50",
  signerName: "Lucía Pérez",
  signerIdNumber: "12345678Z",
  documentSha256: "a".repeat(64),
  pdfHref: "/admin/trabajos/4/parte.pdf",
};

describe("the signed work report on a page", () => {
  it("shows the technician what was signed, the serials, the extras and the customer's strokes", () => {
    render(<WorkReportView report={{ ...REPORT, pdfHref: "/tecnico/trabajos/4/parte.pdf" }} />);
    expect(screen.getByRole("heading", { name: "Parte firmado" })).toBeTruthy();
    expect(screen.getByText(/21334500100234567/)).toBeTruthy();
    expect(screen.getByText("Acepto los trabajos adicionales por 22,39 € (IVA incluido)")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Firma del cliente: Lucía Pérez, 12345678Z" }).querySelector("path")?.getAttribute("d")).toBe("M 10 10 L 50 50");
    expect(screen.getByRole("link", { name: "Descargar el parte en PDF" }).getAttribute("href")).toBe("/tecnico/trabajos/4/parte.pdf");
    expect(screen.getByText(/Caldera anclada y nivelada/).textContent).toContain("(no marcado)");
  });

  it("gives the owner a summary with the PDF, or says the report has not come yet", () => {
    render(<WorkReportSummary report={REPORT} />);
    expect(screen.getByText(/Firmado el 03\/12\/2026, 11:15 \(hora de Madrid\) por Lucía Pérez; técnico: Tomás Instalador/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Descargar el parte en PDF" }).getAttribute("href")).toBe("/admin/trabajos/4/parte.pdf");
    expect(screen.getByText("1 foto (en el PDF).")).toBeTruthy();
    cleanup();
    render(<WorkReportSummary report={null} />);
    expect(screen.getByText("El técnico aún no ha enviado el parte.")).toBeTruthy();
  });
});
