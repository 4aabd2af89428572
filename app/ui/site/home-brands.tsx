import { SLOT_COUNTS, type SiteImage, type SiteMedia } from "~/domain/site/site-media";
import { Photo } from "../photo";

/** Partner brands as plain drawn wordmarks (our own lettering, not the makers' logos). */
export const DEMO_BRANDS = [
  "Baxi",
  "Saunier Duval",
  "Hermann",
  "Ferroli",
  "Intergas",
  "Daikin",
  "Mitsubishi",
  "Fujitsu",
  "Junkers",
  "Honeywell",
  "Orkli",
];

/** Logos are drawn 40 px high: the width follows from the picture's proportions. */
const LOGO_HEIGHT = 40;

function Logo({ image, name }: { image: SiteImage; name: string }) {
  const width = Math.ceil((LOGO_HEIGHT * image.width) / image.height);
  return <Photo photo={image} alt={name} sizes={`${width}px`} loading="eager" fetchPriority="low" className="home-brand-image" />;
}

/** The strip: in each slot the owner's logo (/admin/sitio) or the demo wordmark, if any. */
export function HomeBrands({ media = {} }: { media?: SiteMedia["marcas"] }) {
  const slots = Array.from({ length: SLOT_COUNTS.marcas }, (_, index) => ({ own: media[index + 1], demo: DEMO_BRANDS[index] }));
  return (
    <section className="home-brands" aria-labelledby="marcas">
      <div className="container">
        <h2 id="marcas" className="home-brands-title">
          Trabajamos con las mejores marcas
        </h2>
        <ul className="home-brands-list">
          {slots.map(({ own, demo }, index) =>
            own ? (
              <li key={index} className="home-brand home-brand-logo">
                <Logo image={own.image} name={own.caption} />
              </li>
            ) : demo ? (
              <li key={index} className="home-brand">
                {demo}
              </li>
            ) : null,
          )}
        </ul>
      </div>
    </section>
  );
}
