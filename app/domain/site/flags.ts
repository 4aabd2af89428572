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
