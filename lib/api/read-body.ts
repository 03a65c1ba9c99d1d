import { AppError } from "@/lib/errors/errors";

export const maxBodyBytes = 64 * 1024;

/** The request's JSON body, refusing wrong content types, oversized bodies and malformed JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes) throw tooLarge();
  const text = await readLimited(request);
  if (text.trim() === "") throw new AppError("params_validation", "A JSON request body is required.");
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("params_validation", "The request body is not valid JSON.");
  }
}

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

function tooLarge() {
  return new AppError("payload_too_large", `The request body exceeds ${maxBodyBytes / 1024} KiB.`);
}
