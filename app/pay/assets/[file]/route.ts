import { checkoutClientScripts } from "@/lib/platform/checkout/client-script";
import { checkoutRoute } from "@/lib/platform/checkout/routes/checkout-route";

// The checkout page's scripts, under their content hash: a new build of one is a new name.
export const GET = checkoutRoute<{ file: string }>({
  method: "GET",
  path: "/pay/assets/{file}",
  origin: "any",
  rateLimit: null,
  answer: "response",
  handler: async ({ params: { file } }) => {
    const script = Object.values(await checkoutClientScripts()).find((s) => s.fileName === file);
    if (!script)
      return new Response("Not found.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    const cacheControl =
      process.env.NODE_ENV === "production" ? "public, max-age=31536000, immutable" : "no-cache";
    return new Response(script.code, {
      headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": cacheControl },
    });
  },
});
