import { checkoutClientScript } from "@/lib/checkout/client-script";

// The checkout page's script, under its content hash: a new build of it is a new name.
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const script = await checkoutClientScript();
  if ((await params).file !== script.fileName) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const cacheControl = process.env.NODE_ENV === "production" ? "public, max-age=31536000, immutable" : "no-cache";
  return new Response(script.code, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": cacheControl } });
}
