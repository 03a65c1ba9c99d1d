/** A JSON value (or a raw body) shown as indented text that wraps instead of widening the page. */
export function JsonBlock({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  const text = typeof value === "string" ? prettyIfJson(value) : JSON.stringify(value, null, 2);
  return (
    // Focusable: it scrolls, and a keyboard user must be able to scroll it.
    <pre
      aria-label={label}
      data-testid={testId}
      tabIndex={0}
      className="max-h-96 overflow-auto whitespace-pre-wrap wrap-anywhere rounded-md border border-border bg-muted/50 p-3 font-mono text-xs"
    >
      {text}
    </pre>
  );
}

function prettyIfJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
