import { accentPattern, textOnAccent } from "@/lib/domain/branding/accent-color";
import type { MerchantBranding } from "@/lib/domain/branding/merchant-branding";
import { html } from "@/lib/platform/checkout/views/html";

/** The merchant's icon (or initial) and name, as the checkout, link and receipt pages show them. */
export function merchantBadge(merchant: Pick<MerchantBranding, "name" | "iconUrl">) {
  const initial = Array.from(merchant.name.trim())[0]?.toUpperCase() ?? "?";
  return html`${
    merchant.iconUrl
      ? html`<img src="${merchant.iconUrl}" alt="" width="56" height="56" referrerpolicy="no-referrer" class="avatar">`
      : html`<span aria-hidden="true" class="avatar">${initial}</span>`
  }<p class="merchant" data-testid="merchant-name">${merchant.name}</p>`;
}

/**
 * The merchant's accent as the page's primary colour, with text on it chosen to stay readable.
 * The pattern is checked again here because this string goes into the stylesheet unescaped.
 */
export function accentCss({ accentColor }: Pick<MerchantBranding, "accentColor">): string {
  if (!accentColor || !accentPattern.test(accentColor)) return "";
  return `:root{--color-primary:${accentColor};--color-primary-foreground:${textOnAccent(accentColor)}}`;
}

/** Where buyers ask the merchant for help: its support contact, else `fallbackEmail` (the receipt's), else nothing. */
export function supportLine(
  merchant: Pick<MerchantBranding, "name" | "supportContact">,
  fallbackEmail?: string,
) {
  const contact = merchant.supportContact ?? fallbackEmail;
  if (!contact) return "";
  const isUrl = contact.startsWith("https://");
  const href = isUrl ? contact : `mailto:${contact}`;
  const label = isUrl ? contact.replace(/^https:\/\//, "").replace(/\/$/, "") : contact;
  return html`<p class="support xs muted center" data-testid="support-contact">Questions? Contact ${merchant.name} at <a class="link" href="${href}" rel="noopener noreferrer">${label}</a></p>`;
}
