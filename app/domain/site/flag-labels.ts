import type { FlagName } from "./flags";

/** What each flag does, in the owner's words, for /admin/sitio (issue 11; spec section 3). */
export const FLAG_LABELS: Record<FlagName, { title: string; text: string }> = {
  campaignCalderas: {
    title: "Ventana de la promoción de calderas",
    text: "Muestra en la web la ventana de la promoción de calderas (el visitante puede cerrarla).",
  },
  campaignAires: {
    title: "Ventana de la promoción de aire acondicionado",
    text: "Muestra la ventana de la promoción de aire acondicionado, que se queda pequeña en una esquina al cerrarla.",
  },
  campaignAero: {
    title: "Ventana de la promoción de aerotermia",
    text: "Muestra la ventana de la promoción de aerotermia.",
  },
  campaign: {
    title: "Campaña general",
    text: "La ventana de campaña en todas las páginas, salvo en las páginas de promoción.",
  },
  showReasons: {
    title: "«¿Por qué elegirnos?» en la página de inicio",
    text: "Muestra en la página de inicio la lista de razones para elegirnos.",
  },
  maintenance: {
    title: "Modo mantenimiento",
    text: "Sustituye toda la tienda por la página de mantenimiento. La administración y el inicio de sesión siguen funcionando.",
  },
};

/** The order the page lists them in: the campaigns, the home page, and maintenance last (the dangerous one). */
export const FLAG_ORDER: FlagName[] = ["campaignCalderas", "campaignAires", "campaignAero", "campaign", "showReasons", "maintenance"];
