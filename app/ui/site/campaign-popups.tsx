import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { type CampaignFlags, type CampaignKey, enabledCampaigns } from "../../domain/site/flags";
import { Modal } from "../modal";
import { useHydrated } from "../use-hydrated";

/** The per-session "closed" marks (spec section 4); listed in app/domain/site/site-storage.ts. */
export const CAMPAIGN_STORAGE_KEYS: Record<CampaignKey, string> = {
  calderas: "campana-calderas-cerrada",
  aires: "campana-aires-cerrada",
  aero: "campana-aerotermia-cerrada",
};

const CAMPAIGNS: Record<
  CampaignKey,
  { title: string; text: string; href: string; link: string; corner: boolean; colors: [string, string] }
> = {
  calderas: {
    title: "Promoción en calderas",
    text: "De 50 a 300 € de descuento en calderas instaladas antes del 30 de junio. Visita gratis en 48 horas.",
    href: "/promo-Calderas",
    link: "Ver la promoción de calderas",
    corner: false,
    colors: ["#c2410c", "#fbefe6"],
  },
  aires: {
    title: "Promoción en aire acondicionado",
    text: "Aire acondicionado instalado en Madrid: visita gratis en 48 horas y solo instalación desde 250 €.",
    href: "/promo-Aires",
    link: "Ver la promoción de aire acondicionado",
    corner: true,
    colors: ["#0f3d66", "#e3eef7"],
  },
  aero: {
    title: "Promoción en aerotermia",
    text: "Calefacción, refrigeración y agua caliente con aerotermia: visita y presupuesto gratis.",
    href: "/promo-Aero",
    link: "Ver la promoción de aerotermia",
    corner: true,
    colors: ["#1e7b34", "#e8f5ec"],
  },
};

const ORDER: CampaignKey[] = ["calderas", "aires", "aero"];
/** Pages that are already the promotion (spec section 4). */
const EXCLUDED = ["/promo-calderas", "/promo-reparaciones", "/promo-saunier"];

/** Our own drawing: a banner with the campaign's colours and a stylised unit. */
function CampaignImage({ campaign, small = false }: { campaign: CampaignKey; small?: boolean }) {
  const [strong, soft] = CAMPAIGNS[campaign].colors;
  return (
    <svg
      className={small ? "campaign-image campaign-image-small" : "campaign-image"}
      viewBox="0 0 480 240"
      width={small ? 120 : 480}
      height={small ? 60 : 240}
      aria-hidden="true"
    >
      <rect width="480" height="240" rx="16" fill={soft} />
      <rect x="40" y="40" width={campaign === "aires" ? 200 : 120} height={campaign === "aires" ? 70 : 160} rx="12" fill="#fff" stroke={strong} strokeWidth="8" />
      <circle cx="370" cy="120" r="70" fill={strong} />
      <text x="370" y="135" textAnchor="middle" fontSize="44" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        {campaign === "calderas" ? "-300€" : "48 h"}
      </text>
    </svg>
  );
}

function readMarks(): Record<CampaignKey, boolean> {
  const read = (key: CampaignKey) => {
    try {
      return window.sessionStorage.getItem(CAMPAIGN_STORAGE_KEYS[key]) === "1";
    } catch {
      return false;
    }
  };
  return { calderas: read("calderas"), aires: read("aires"), aero: read("aero") };
}

/**
 * Campaign pop-ups (spec sections 2 and 4). Boilers: a closable modal. Air and aerothermal:
 * a modal that shrinks to a small corner image when closed and reopens from it. Each shows
 * while its flag is on (`campaign` also turns on the boiler one: docs/deviations.md) and until
 * closed in this browser session; only after the visitor decided on cookies, never on the
 * promotion pages themselves. Marks are read after hydration, so the server HTML never changes.
 * The site frame (site-shell.tsx) fetches this module only when a campaign is on.
 */
export function CampaignPopups({ flags, path, consentDecided }: { flags: CampaignFlags; path: string; consentDecided: boolean }) {
  const hydrated = useHydrated();
  // Closed in this page view; the marks of earlier pages are read from sessionStorage.
  const [closedNow, setClosedNow] = useState<Partial<Record<CampaignKey, boolean>>>({});
  const [reopened, setReopened] = useState<CampaignKey | null>(null);
  const titleId = useId();

  const normalized = path.toLowerCase().replace(/\/+$/, "");
  const excluded = EXCLUDED.some((p) => normalized === p || normalized.startsWith(`${p}/`));
  // <html data-campaigns> says what was decided, so that a test expecting no pop-up waits for
  // the decision rather than a fixed time (tests/e2e/campaigns.spec.ts; "off": site-shell.tsx).
  const decision = !consentDecided ? "waiting-for-cookies" : excluded ? "promotion-page" : "on";
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.campaigns = decision;
  }, [hydrated, decision]);
  if (!hydrated || !consentDecided || excluded) return null;
  const closed = { ...readMarks(), ...closedNow };

  const enabled = enabledCampaigns(flags);
  const active = ORDER.filter((key) => enabled[key]);
  const current = reopened ?? active.find((key) => !closed[key]) ?? null;
  const corners = active.filter((key) => CAMPAIGNS[key].corner && closed[key] && key !== current);

  const close = (key: CampaignKey) => {
    try {
      window.sessionStorage.setItem(CAMPAIGN_STORAGE_KEYS[key], "1");
    } catch {
      // storage blocked: closed for this page only
    }
    setClosedNow((marks) => ({ ...marks, [key]: true }));
    setReopened(null);
  };

  return (
    <>
      {current ? (
        <Modal key={current} open onClose={() => close(current)} labelledBy={titleId} className={`campaign-modal campaign-${current}`}>
          <CampaignImage campaign={current} />
          <h2 id={titleId}>{CAMPAIGNS[current].title}</h2>
          <p>{CAMPAIGNS[current].text}</p>
          <p className="campaign-actions">
            <Link to={CAMPAIGNS[current].href} className="button button-accent" onClick={() => close(current)}>
              {CAMPAIGNS[current].link}
            </Link>
            <button type="button" className="button button-secondary" onClick={() => close(current)}>
              Cerrar
            </button>
          </p>
        </Modal>
      ) : null}
      {corners.length > 0 ? (
        <div className="campaign-corners">
          {corners.map((key) => (
            <button
              key={key}
              type="button"
              className="campaign-corner"
              aria-label={`Abrir la ${CAMPAIGNS[key].title.toLowerCase()}`}
              onClick={() => setReopened(key)}
            >
              <CampaignImage campaign={key} small />
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
