"use client";

import { useEffect, useState } from "react";

/** Time left until `expiresAt`, on the server's clock (`serverNow` is its time at render). Calls `onExpire` once at zero. */
export function Countdown({ expiresAt, serverNow, onExpire }: { expiresAt: string; serverNow: number; onExpire: () => void }) {
  const deadline = Date.parse(expiresAt);
  const [remaining, setRemaining] = useState(() => deadline - serverNow);

  useEffect(() => {
    // The buyer's clock may be off; count from the difference the server saw.
    const skew = serverNow - Date.now();
    let expired = false;
    const tick = () => {
      const left = deadline - (Date.now() + skew);
      setRemaining(left);
      if (left <= 0 && !expired) {
        expired = true;
        onExpire();
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, serverNow, onExpire]);

  return (
    <span data-testid="countdown" className="font-mono tabular-nums" suppressHydrationWarning>
      {formatRemaining(remaining)}
    </span>
  );
}

function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h`;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
