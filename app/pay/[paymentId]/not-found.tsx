export default function PaymentNotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Payment not found</h1>
      <p className="text-sm text-muted-foreground">
        This payment link is not valid. Check that you opened the whole link, or ask the merchant for a new one.
      </p>
    </main>
  );
}
