/*
 * Which campaign pop-ups the flags turn on (spec sections 2 and 4; `campaign` also turns on
 * the boiler one: docs/deviations.md). Apart from the pop-ups themselves so that the site
 * frame can tell, without loading them, whether there is any to show (issue 14).
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
