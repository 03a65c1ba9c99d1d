// WCAG 2.x relative luminance and contrast, so a merchant may pick any accent and the text drawn on
// it still reads (AA: 4.5:1 for normal text).

export const accentPattern = /^#[0-9a-f]{6}$/;

const darkText = "#0f172a";
const lightText = "#ffffff";

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a button filled with `accent`: white or the house's dark ink, whichever
 * contrasts more; pure black when neither reaches 4.5:1 (one of black and white always does).
 */
export function textOnAccent(accent: string): string {
  const best = contrastRatio(accent, lightText) >= contrastRatio(accent, darkText) ? lightText : darkText;
  if (contrastRatio(accent, best) >= 4.5) return best;
  return contrastRatio(accent, "#000000") >= 4.5 ? "#000000" : lightText;
}
