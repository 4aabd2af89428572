import { Link } from "react-router";
import { MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { formatEuros } from "~/domain/money";

const SERVICES = [
  { id: "servicio-calderas", title: "Instalación de calderas", text: "Sustituimos o instalamos su caldera de gas, con legalización y puesta en marcha." },
  { id: "servicio-aerotermia", title: "Aerotermia y suelo radiante", text: "Calefacción, refrigeración y agua caliente con bomba de calor y suelo radiante." },
  { id: "servicio-reparacion", title: "Reparación de electrodomésticos", text: "Reparamos calderas, aires acondicionados, termos y electrodomésticos." },
  { id: "servicio-reformas", title: "Reformas de viviendas", text: "Cocinas, baños y reformas integrales con un único interlocutor." },
  { id: "servicio-aire", title: "Instalación de aire acondicionado", text: "Splits, conductos y multisplit con instalación certificada." },
  { id: "servicio-gas", title: "Recarga de gas", text: "Comprobamos fugas y recargamos el gas refrigerante de su equipo." },
];

const MARKS = ["M8 30h32M14 30V14h20v16M20 20h8", "M6 34c6-8 12-8 18 0s12 8 18 0M24 8v14", "M10 36l14-14M28 10l10 10-6 6-10-10z", "M8 22L24 8l16 14M12 20v18h24V20", "M6 16h36v12H6zM12 34h4M22 34h4M32 34h4", "M24 6c8 10 10 16 10 22a10 10 0 0 1-20 0c0-6 2-12 10-22z"];

export function HomeServices() {
  return (
    <section className="section home-services" aria-labelledby="servicios-home">
      <div className="container">
        <h2 id="servicios-home">Nuestros servicios</h2>
        <ul className="home-service-grid">
          {SERVICES.map((service, index) => (
            <li key={service.id} className="home-service-card">
              <svg className="home-service-icon" width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
                <path d={MARKS[index]} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 id={service.id}>{service.title}</h3>
              <p>{service.text}</p>
              <Link to="/contacto" className="button button-accent" aria-label={`¡Pide Presupuesto! ${service.title}`}>
                ¡Pide Presupuesto!
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HomeMaintenance() {
  const price = formatEuros(MAINTENANCE_PRICE_CENTS.calderas ?? 8500);
  return (
    <section className="section home-maintenance" aria-labelledby="mantenimiento-home">
      <div className="container">
        <div className="home-maintenance-card">
          <h2 id="mantenimiento-home">Mantenimiento de calderas</h2>
          <p className="home-maintenance-price">
            <strong>{price}</strong> / año <span>IVA incluido</span>
          </p>
          <ul>
            <li>Solo mantenimiento de calderas.</li>
            <li>Disponible únicamente en Madrid.</li>
            <li>Revisión anual obligatoria y atención preferente.</li>
          </ul>
          <Link to="/tienda/mantenimientos" className="button button-accent">
            Contratar mantenimiento
          </Link>
        </div>
      </div>
    </section>
  );
}
