import { Counters } from "./content-page";

const REASONS = [
  { title: "Garantía de calidad", text: "Instaladores con experiencia y equipos de primeras marcas." },
  { title: "Estudio previo gratuito", text: "Visitamos su vivienda sin compromiso antes de presupuestar." },
  { title: "Garantía", text: "6 meses en mano de obra y 2 años en piezas en calderas." },
  { title: "Instalación rápida", text: "Instalamos en 24-48 horas tras confirmar el presupuesto." },
  { title: "Servicio pre y postventa", text: "Le asesoramos antes de comprar y le atendemos después." },
  { title: "Precios ajustados", text: "Precios cerrados, con el IVA incluido y sin sorpresas." },
];

/** "¿Por qué elegirnos?" (shown only with the showReasons flag) and the counters strip. */
export function HomeReasons({ showReasons }: { showReasons: boolean }) {
  return (
    <section className="section home-reasons" aria-labelledby="por-que">
      <div className="container">
        {showReasons ? (
          <>
            <h2 id="por-que">¿Por qué elegirnos?</h2>
            <ol className="home-reasons-list">
              {REASONS.map((reason, index) => (
                <li key={reason.title}>
                  <span className="home-reason-number" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <h3>{reason.title}</h3>
                  <p>{reason.text}</p>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <h2 id="por-que" className="visually-hidden">
            Nuestra experiencia
          </h2>
        )}
        <Counters />
      </div>
    </section>
  );
}
