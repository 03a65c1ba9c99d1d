/** Unmistakable on a phone: the whole top edge says that nothing real happens here. */
export function TestModeBanner() {
  return (
    <div role="note" data-testid="test-mode-banner" className="bg-[repeating-linear-gradient(135deg,#f59e0b_0_12px,#fbbf24_12px_24px)] px-4 py-2 text-center text-sm font-bold tracking-wide text-black">
      TEST MODE · no real money moves
    </div>
  );
}
