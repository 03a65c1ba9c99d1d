/** A mail as it is stored and sent: a plain-text body, and the same content as simple HTML. */
export type EmailMessage = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/**
 * Builds both bodies from the same parts: paragraphs, an optional button (with its link spelled out
 * for mail readers that hide buttons) and a closing note. Every value is escaped for the HTML body.
 */
export function composeEmail(parts: {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): EmailMessage {
  const { subject, paragraphs, action, footer } = parts;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footer ? [footer] : []),
    "— Tollgate",
  ].join("\n\n");
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = [
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f6f6f7;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;line-height:1.5">`,
    `<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 16px;font-weight:700;color:#4f46e5">Tollgate</p>`,
    ...paragraphs.map(p),
    button,
    footer ? `<p style="margin:0;font-size:13px;color:#555">${escapeHtml(footer)}</p>` : "",
    `</div></body></html>`,
  ].join("");
  return { subject, text, html };
}
