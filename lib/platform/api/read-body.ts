import { AppError } from "@/lib/core/errors/errors";

export const maxBodyBytes = 64 * 1024;

/** A fetch Request's JSON body (the checkout's routes), as `readJson` reads it. */
export function readJsonBody(request: Request): Promise<unknown> {
  return readJson((name) => request.headers.get(name), request.body ? chunksOf(request.body) : null);
}

/** A JSON body, refusing wrong content types, oversized bodies and malformed JSON. */
export async function readJson(
  header: (name: string) => string | null,
  body: AsyncIterable<Uint8Array> | null,
): Promise<unknown> {
  const contentType = header("content-type") ?? "";
  const declared = Number(header("content-length") ?? "0");
  if (declared > maxBodyBytes) throw tooLarge();
  const text = body ? await readLimited(body) : "";
  if (text.trim() === "") throw new AppError("params_validation", "A JSON request body is required.");
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new AppError(
      "unsupported_media_type",
      "Send the body as JSON with Content-Type: application/json.",
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("params_validation", "The request body is not valid JSON.");
  }
}

// Leaving the loop early (too large) ends the body's stream.
async function readLimited(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBodyBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function tooLarge() {
  return new AppError("payload_too_large", `The request body exceeds ${maxBodyBytes / 1024} KiB.`);
}
