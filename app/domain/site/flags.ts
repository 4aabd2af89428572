/*
 * The site's flags (spec section 3): their names and which campaign pop-ups they turn on.
 * Pure, so the site frame can tell in the browser whether there is any pop-up to show
 * without loading the pop-ups (issue 14). Read and written on the server by
 * app/server/site/flags.server.ts; the owner's words for each: ./flag-labels.ts.
 */

/** Remote flags of spec section 3, plus the home page's "show reasons" flag. */
export const FLAG_NAMES = [
  "campaignCalderas",
  "campaignAires",
  "campaignAero",
  "campaign",
  "maintenance",
  "showReasons",
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export type Flags = Record<FlagName, boolean>;

export function isFlagName(value: string): value is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(value);
}

/*
 * Which campaign pop-ups the flags turn on (spec sections 2 and 4; `campaign` also turns on
 * the boiler one: docs/deviations.md).
 */
export type CampaignFlags = { campaign?: boolean; campaignCalderas?: boolean; campaignAires?: boolean; campaignAero?: boolean };
export type CampaignKey = "calderas" | "aires" | "aero";

export function enabledCampaigns(flags: CampaignFlags): Record<CampaignKey, boolean> {
  return {
    calderas: Boolean(flags.campaignCalderas || flags.campaign),
    aires: Boolean(flags.campaignAires),
    aero: Boolean(flags.campaignAero),
  };
}
