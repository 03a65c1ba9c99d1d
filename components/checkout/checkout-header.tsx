/** Who is asking for how much: merchant icon and name, the order reference, the amount. */
export function CheckoutHeader({ merchant, referenceId, amount }: { merchant: { name: string; iconUrl: string | null }; referenceId: string; amount: string }) {
  return (
    <header className="flex flex-col items-center gap-2 text-center">
      {merchant.iconUrl ? (
        // The merchant's own https icon: plain <img>, since next/image would proxy it through us.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={merchant.iconUrl} alt="" width={56} height={56} referrerPolicy="no-referrer" className="size-14 rounded-full border border-border object-cover" />
      ) : (
        <span aria-hidden className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-xl font-semibold text-primary">
          {Array.from(merchant.name.trim())[0]?.toUpperCase() ?? "?"}
        </span>
      )}
      <p className="text-sm font-medium" data-testid="merchant-name">
        {merchant.name}
      </p>
      <p className="text-4xl font-bold tracking-tight" data-testid="payment-amount">
        {amount}
      </p>
      <p className="max-w-full truncate text-xs text-muted-foreground">Order {referenceId}</p>
    </header>
  );
}
