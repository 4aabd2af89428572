/** Partner brands as plain drawn wordmarks (our own lettering, not the makers' logos). */
const BRANDS = [
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

export function HomeBrands() {
  return (
    <section className="home-brands" aria-labelledby="marcas">
      <div className="container">
        <h2 id="marcas" className="home-brands-title">
          Trabajamos con las mejores marcas
        </h2>
        <ul className="home-brands-list">
          {BRANDS.map((brand) => (
            <li key={brand} className="home-brand">
              {brand}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
