import { useState } from "react";
import { useHydrated } from "../use-hydrated";

const FAQ = [
  {
    question: "¿Cuánto tarda en llegar mi pedido?",
    answer: "La entrega tarda entre 3 y 5 días laborables desde la confirmación del pedido.",
  },
  {
    question: "¿Cuándo vienen a instalar el equipo?",
    answer:
      "El instalador le llamará un par de días antes de la instalación para concertar la cita. Si nadie se ha puesto en contacto con usted en los 7 días siguientes a la compra, llámenos.",
  },
  {
    question: "¿Cuándo recibiré mi presupuesto?",
    answer: "Normalmente enviamos los presupuestos en un plazo de 3 a 5 días.",
  },
];

/**
 * FAQ accordion: the first answer open at start, one open at a time. Without JavaScript it is
 * a list of <details> (the first open), which the visitor opens freely.
 */
export function HomeFaq() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section className="section home-faq" aria-labelledby="preguntas">
      <div className="container">
        <h2 id="preguntas">Preguntas frecuentes</h2>
        <div className="faq-list">
          {FAQ.map((item, index) =>
            hydrated ? (
              <div key={item.question} className="faq-item">
                <h3 className="faq-question">
                  <button
                    type="button"
                    id={`faq-boton-${index}`}
                    aria-expanded={open === index}
                    aria-controls={`faq-respuesta-${index}`}
                    onClick={() => setOpen(open === index ? null : index)}
                  >
                    {item.question}
                  </button>
                </h3>
                <div
                  id={`faq-respuesta-${index}`}
                  className="faq-answer"
                  role="region"
                  aria-labelledby={`faq-boton-${index}`}
                  hidden={open !== index}
                >
                  <p>{item.answer}</p>
                </div>
              </div>
            ) : (
              <details key={item.question} className="faq-item" open={index === 0}>
                <summary className="faq-question">{item.question}</summary>
                <div className="faq-answer">
                  <p>{item.answer}</p>
                </div>
              </details>
            ),
          )}
        </div>
      </div>
    </section>
  );
}
