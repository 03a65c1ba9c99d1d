import { CopyButton } from "@/components/ui/copy-button";

/** A shell snippet with a copy button; `label` names it for screen readers and the button. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <div className="relative rounded-lg border border-border bg-slate-950 text-slate-50">
      <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-1.5">
        <span className="text-xs text-slate-400">{label}</span>
        <CopyButton
          value={code}
          label="Copy"
          className="h-7 border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800"
        />
      </div>
      <pre className="overflow-x-auto p-3 text-xs leading-relaxed" aria-label={label} tabIndex={0}>
        <code data-testid={testId}>{code}</code>
      </pre>
    </div>
  );
}
