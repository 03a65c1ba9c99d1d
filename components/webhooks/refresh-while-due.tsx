"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const everyMs = 2_000;
const windowMs = 60_000;

/**
 * Re-renders the page from the server every 2 s from a minute before `due` (epoch ms) until a
 * minute after it: long enough for a worker to make the attempt, never for a retry hours away.
 */
export function RefreshWhileDue({ due }: { due: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (now > due + windowMs) clearInterval(timer);
      else if (now >= due - windowMs) router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, due]);
  return null;
}
