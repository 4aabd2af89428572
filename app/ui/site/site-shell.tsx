import { lazy, Suspense, useEffect } from "react";
import { useMatches } from "react-router";
import type { ShopInfo } from "~/domain/site/shop";
import { enabledCampaigns, type CampaignFlags } from "~/domain/site/flags";
import { useConsent, type Decision } from "./consent-state";
import { CookieBanner } from "./cookie-banner";
import { FloatingContact } from "./floating-contact";
import type { ShellHandle } from "./menu";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useHydrated } from "../use-hydrated";

// The campaign pop-ups show only in the browser, after hydration and while a campaign flag is
// on: their code is fetched then, not in every page's first load (issue 14).
const CampaignPopups = lazy(() => import("./campaign-popups").then((module) => ({ default: module.CampaignPopups })));

/** What the frame draws: the root loader's data (app/root.tsx) has it, without importing root here. */
export type ShellData = { shop: ShopInfo; flags: CampaignFlags; basketCount: number; consent: Decision | null };

export function SiteShell({ root, children }: { root: ShellData; children: React.ReactNode }) {
  const matches = useMatches();
  const tweaks = matches.reduce<NonNullable<ShellHandle["shell"]>>(
    (acc, match) => ({ ...acc, ...(match.handle as ShellHandle | undefined)?.shell }),
    {},
  );
  const phone = tweaks.phone === "granada" ? root.shop.phoneGranada : root.shop.phone;
  const consent = useConsent(root.consent);
  const hydrated = useHydrated();
  const campaignOn = Object.values(enabledCampaigns(root.flags)).some(Boolean);
  // No campaign on: nothing will load. Said on <html data-campaigns> (campaign-popups.tsx sets the rest).
  useEffect(() => {
    if (!campaignOn) document.documentElement.dataset.campaigns = "off";
  }, [campaignOn]);
  return (
    <>
      {/* First in <body>, where GOV.UK puts its cookie banner: screen readers and the keyboard
          meet the choice first, and the first paint shows it whole (page-head.server.ts). It is
          fixed to the bottom of the window, so the order does not move it on screen. */}
      {consent === null ? <CookieBanner /> : null}
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader
        shop={root.shop}
        phone={phone}
        basketCount={root.basketCount}
        showBadge={!tweaks.hideBasketBadge}
      />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter shop={root.shop} phone={phone} />
      <FloatingContact phone={phone} whatsapp={root.shop.whatsapp} />
      {hydrated && campaignOn ? (
        <Suspense fallback={null}>
          <CampaignPopups flags={root.flags} path={matches.at(-1)?.pathname ?? "/"} consentDecided={consent !== null} />
        </Suspense>
      ) : null}
    </>
  );
}
