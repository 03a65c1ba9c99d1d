/** POSTs JSON to one of the checkout's own routes; `body` is the parsed answer, or null if it is not JSON. */
export async function postJson<T>(
  url: string,
  data: unknown,
): Promise<{ ok: boolean; body: (T & { message?: string }) | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(data),
  });
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  return { ok: response.ok, body };
}
