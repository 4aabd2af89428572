import { useEffect, useState } from "react";
import type { SiteMedia } from "~/domain/site/site-media";
import { Photo } from "../photo";
import { useHydrated } from "../use-hydrated";

/** The demo slides: our own drawings, until the owner puts a photo in the slot (/admin/sitio). */
export const DEMO_SLIDES = [
  { title: "Cocina reformada", colors: ["#f3e8d8", "#0f3d66", "#c2410c"] },
  { title: "Baño con plato de ducha", colors: ["#e3eef7", "#52606d", "#1e7b34"] },
  { title: "Salón con suelo radiante", colors: ["#fbefe6", "#9a3412", "#0f3d66"] },
  { title: "Vivienda reformada por completo", colors: ["#eef2f5", "#0a2a47", "#c2410c"] },
];

const WIDE_QUERY = "(min-width: 1260px)";

/** A drawn room (our own illustration): floor, wall, window and a piece of furniture. */
function RoomImage({ colors, title }: { colors: string[]; title: string }) {
  const [wall, dark, accent] = colors;
  return (
    <svg className="home-slide-image" viewBox="0 0 600 360" width="600" height="360" role="img" aria-label={title}>
      <rect width="600" height="360" fill={wall} />
      <rect y="270" width="600" height="90" fill={dark} opacity="0.85" />
      <rect x="60" y="60" width="160" height="120" fill="#fff" stroke={dark} strokeWidth="8" />
      <path d="M140 60v120M60 120h160" stroke={dark} strokeWidth="6" />
      <rect x="300" y="170" width="240" height="100" rx="10" fill={accent} />
      <rect x="320" y="140" width="80" height="40" rx="8" fill={accent} opacity="0.7" />
      <circle cx="500" cy="90" r="34" fill={accent} opacity="0.35" />
    </svg>
  );
}

/** A slide is the container's width under 1260 px (80 % of it without JavaScript), half of it from there. */
const SLIDE_SIZES = "(min-width: 1260px) 584px, (min-width: 1200px) 1168px, 100vw";

/**
 * Renovation carousel (spec section 2, Home): one slide under 1260 px, two from there; the
 * arrows move by as many slides as are shown and stop at the ends. Without JavaScript every
 * slide is shown in a row that scrolls sideways. A slot with the owner's photo shows it and
 * its text instead of the drawing.
 */
export function HomeCarousel({ media = {} }: { media?: SiteMedia["carrusel"] }) {
  const SLIDES = DEMO_SLIDES.map((demo, index) => {
    const own = media[index + 1];
    return { ...demo, title: own?.caption ?? demo.title, image: own?.image };
  });
  const hydrated = useHydrated();
  const [perView, setPerView] = useState(1);
  const [start, setStart] = useState(0);

  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const update = () => setPerView(query.matches ? 2 : 1);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const last = SLIDES.length - perView;
  const first = Math.min(start, last);
  const move = (step: number) => setStart(Math.max(0, Math.min(last, first + step)));

  return (
    <section
      className="section home-carousel"
      aria-roledescription="carrusel"
      aria-labelledby="reformas-home"
    >
      <div className="container">
        <h2 id="reformas-home">Nuestras reformas</h2>
        <div className={hydrated ? "carousel carousel-js" : "carousel"}>
          {/* Without JavaScript the row scrolls sideways: focusable so the keyboard scrolls it too. */}
          <div
            className="carousel-track"
            aria-live={hydrated ? "polite" : undefined}
            role={hydrated ? undefined : "group"}
            aria-label={hydrated ? undefined : "Imágenes de reformas"}
            tabIndex={hydrated ? undefined : 0}
          >
            {SLIDES.map((slide, index) => {
              const visible = !hydrated || (index >= first && index < first + perView);
              return (
                <div
                  key={index}
                  className="carousel-slide"
                  role="group"
                  aria-roledescription="diapositiva"
                  aria-label={`${index + 1} de ${SLIDES.length}`}
                  hidden={!visible}
                >
                  {slide.image ? (
                    <Photo photo={slide.image} alt={slide.title} sizes={SLIDE_SIZES} className="home-slide-image" />
                  ) : (
                    <RoomImage colors={slide.colors} title={slide.title} />
                  )}
                  <p className="carousel-caption">{slide.title}</p>
                </div>
              );
            })}
          </div>
          {hydrated ? (
            <div className="carousel-controls">
              <button type="button" className="carousel-button" onClick={() => move(-perView)} disabled={first <= 0}>
                <span aria-hidden="true">‹</span> Anterior
              </button>
              <button type="button" className="carousel-button" onClick={() => move(perView)} disabled={first >= last}>
                Siguiente <span aria-hidden="true">›</span>
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
