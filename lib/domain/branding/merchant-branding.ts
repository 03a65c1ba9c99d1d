/** What the buyer-facing pages (checkout, payment link, receipt) show of a merchant, read by one select. */
export const merchantBrandingSelect = {
  name: true,
  iconUrl: true,
  accentColor: true,
  supportContact: true,
} as const;

export type MerchantBranding = {
  name: string;
  iconUrl: string | null;
  accentColor: string | null;
  supportContact: string | null;
};
