import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { FieldRow, TagGroup } from "./openapi-reference";

const methodTones: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-green-100 text-green-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

/** The API reference, server-rendered: one collapsible entry per operation, grouped by tag. */
export function ApiReference({ groups }: { groups: TagGroup[] }) {
  return (
    <div className="space-y-8">
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${slug(group.tag)}`} className="space-y-2">
          <h3 id={`tag-${slug(group.tag)}`} className="text-base font-semibold">
            {group.tag}
          </h3>
          <div className="divide-y divide-border rounded-lg border border-border bg-background">
            {group.operations.map((op) => (
              <details key={op.id} id={op.id} className="group">
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
                  <span
                    className={cn(
                      "w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold",
                      methodTones[op.method],
                    )}
                  >
                    {op.method}
                  </span>
                  <code className="break-all font-mono text-sm">{op.path}</code>
                  <span className="text-sm text-muted-foreground">{op.summary}</span>
                  {op.modes ? <Badge tone="warning">{op.modes.join(", ")} mode only</Badge> : null}
                </summary>
                <div className="space-y-4 border-t border-border px-3 py-3 text-sm">
                  <p className="text-muted-foreground">
                    Authenticate with <code className="font-mono">Api-Key</code>
                    {op.allowsAppId ? (
                      <>
                        {" "}
                        or <code className="font-mono">App-Id</code> +{" "}
                        <code className="font-mono">Client-Id</code>
                      </>
                    ) : null}
                    . Operation id <code className="font-mono">{op.id}</code>.
                  </p>
                  {op.parameters.length > 0 ? (
                    <Fields
                      title="Parameters"
                      rows={op.parameters.map((p) => ({ ...p, where: p.location }))}
                    />
                  ) : null}
                  {op.body ? <Fields title="Request body (JSON)" rows={op.body} /> : null}
                  <div className="space-y-1">
                    <h4 className="font-medium">Responses</h4>
                    <ul className="space-y-2">
                      {op.responses.map((response) => (
                        <li key={response.status}>
                          <span
                            className={cn(
                              "mr-2 font-mono text-xs font-semibold",
                              response.status.startsWith("2") ? "text-green-700" : "text-red-700",
                            )}
                          >
                            {response.status}
                          </span>
                          <span className="text-muted-foreground">{response.description}</span>
                          {response.fields.length > 0 ? <Fields rows={response.fields} /> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Fields({ title, rows }: { title?: string; rows: (FieldRow & { where?: string })[] }) {
  return (
    <div className="mt-1 space-y-1" role="group" aria-label={title}>
      {title ? <h4 className="font-medium">{title}</h4> : null}
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full text-xs">
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.where ?? ""}${row.name}`}
                className="border-b border-border last:border-0 align-top"
              >
                <td className="whitespace-nowrap px-2 py-1.5 font-mono">
                  {row.name}
                  {row.where ? (
                    <span className="ml-1 font-sans text-muted-foreground">({row.where})</span>
                  ) : null}
                </td>
                <td className="px-2 py-1.5 font-mono text-muted-foreground">{row.type}</td>
                <td className="whitespace-nowrap px-2 py-1.5">
                  {row.required ? (
                    <Badge tone="danger">required</Badge>
                  ) : (
                    <span className="text-muted-foreground">optional</span>
                  )}
                </td>
                <td className="min-w-48 px-2 py-1.5 text-muted-foreground">
                  {row.description ? <WithCode text={row.description} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Descriptions mark literals with backticks, as in Markdown. */
function WithCode({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="font-mono text-foreground">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
