import type { MaintainedFamily } from "../catalogue/service-prices";
import type { Family } from "../catalogue/product";

/** What each service includes (spec section 9, "Service descriptions"), as customers read it. */
export const INSTALLATION_INCLUDES: Record<Family, string> = {
  calderas:
    "sustitución de la caldera antigua en el mismo lugar, con salida de humos horizontal de como máximo 70 cm desde la caldera, e incluye el certificado de instalación obligatorio. Otras instalaciones, bajo presupuesto.",
  aires:
    "una unidad exterior y una interior separadas como máximo 3 m, la toma eléctrica desde la caja o base más cercana (máximo 3 m) y la canalización. Otras instalaciones, a consultar.",
  termostatos:
    "la colocación en el lugar del termostato antiguo, con cable de hasta 10 m desde la caldera, si la canalización lo permite.",
  aerotermia:
    "una unidad exterior y el controlador. Suelo radiante u otras máquinas, bajo presupuesto.",
};

export const MAINTENANCE_INCLUDES: Record<MaintainedFamily, string> = {
  calderas:
    "una visita anual con limpieza interior y exterior, prueba de humos, prueba de estanqueidad, revisión de las partes visibles del circuito de calefacción y hasta 3 horas de mano de obra en reparaciones.",
  aires:
    "la comprobación de fugas del circuito y la recarga de gas si se han perdido menos de 100 cm³.",
  aerotermia: "una visita anual con la comprobación del correcto funcionamiento de los equipos.",
};

export const MAINTENANCE_TITLES: Record<MaintainedFamily, string> = {
  calderas: "Mantenimiento anual de caldera",
  aires: "Mantenimiento anual de aire acondicionado",
  aerotermia: "Mantenimiento anual de aerotermia",
};

/** How an installation line reads in the basket, orders and e-mails. */
export const INSTALLATION_TITLES: Record<Family, string> = {
  calderas: "Instalación de caldera",
  aires: "Instalación de aire acondicionado",
  termostatos: "Instalación de termostato",
  aerotermia: "Instalación de aerotermia",
};
