/**
 * Beside an endpoint on Tollgate's own machine (http://localhost, 127.0.0.1): whether deliveries
 * reach it here, and how to receive events on the developer's own computer instead (`npm run listen`).
 * `short` is the one line under the URL in the endpoints list; the endpoint's page says it in full.
 */
export function LoopbackNote({
  delivery,
  url,
  short = false,
}: {
  delivery: "delivered" | "refused" | null;
  url: string;
  short?: boolean;
}) {
  if (!delivery) return null;
  const listen = (
    <code className="break-all font-mono text-xs">
      npm run listen -- --api-key svc_test_… --forward-to {url}
    </code>
  );
  if (short)
    return (
      <div className="whitespace-normal text-xs text-muted-foreground" data-testid="loopback-note">
        {delivery === "delivered"
          ? "On this server's machine: delivered, as this server allows loopback addresses."
          : "On this server's machine: not delivered here. To receive events on yours, use npm run listen."}
      </div>
    );
  return (
    <p
      role="note"
      data-testid="loopback-note"
      className="rounded-md border border-border bg-muted/40 px-4 py-3 text-sm text-muted-foreground"
    >
      {delivery === "delivered" ? (
        <>
          This URL is on the machine this Tollgate server runs on. The server delivers to it because its
          operator turned on <code className="font-mono text-xs">WEBHOOKS_ALLOW_PRIVATE_NETWORKS</code>, which
          is meant for running Tollgate on your own computer. To receive events on your computer from a
          Tollgate server elsewhere, run {listen}: it forwards this account&apos;s test events, signed as
          deliveries are.
        </>
      ) : (
        <>
          This URL is on the machine this Tollgate server runs on, not on yours, so it delivers nothing there:
          loopback addresses are reached only when the server&apos;s operator turns on{" "}
          <code className="font-mono text-xs">WEBHOOKS_ALLOW_PRIVATE_NETWORKS</code>, and each delivery shows
          as failed below. To receive events on your own computer, run {listen}: it forwards this
          account&apos;s test events to that URL, signed as deliveries are.
        </>
      )}
    </p>
  );
}
