import "server-only";
import { html, type Html } from "@/lib/platform/checkout/views/html";

/** The strip across a test-mode buyer page; a landmark of its own, so no content sits outside one. */
export function testModeBanner(text: string): Html {
  return html`<aside aria-label="Test mode" data-testid="test-mode-banner" class="banner">${text}</aside>`;
}
