import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { deliverableLookup } from "./destination";

// Enough for an error page or a JSON complaint; a receiver may answer with anything, so no more is read.
const excerptBytes = 4096;

export type EndpointResponse = { status: number; excerpt: string | null };

/**
 * POSTs `body` to `url` and reads the first 4 KB of the answer. The connection goes only to an
 * address `lookup` allowed (see deliverableLookup); TLS SNI and Host stay the URL's host name.
 * Redirects are not followed. Throws what the request throws, RefusedDestination included.
 */
export async function postToEndpoint(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  lookup = deliverableLookup(),
): Promise<EndpointResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // Node connects to a literal address without calling `lookup`, so it is judged here.
  if (net.isIP(host))
    await new Promise<void>((resolve, reject) =>
      lookup(host, { all: true }, (error) => (error ? reject(error) : resolve())),
    );
  const send = target.protocol === "https:" ? https.request : http.request;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
      },
      resolve,
    );
    request.on("error", reject);
    request.end(body);
  });
  return { status: response.statusCode ?? 0, excerpt: await readExcerpt(response) };
}

/** The first 4 KB of the body, read no further (a receiver may answer with anything). */
async function readExcerpt(response: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= excerptBytes) break;
    }
  } catch {
    // A body cut short still leaves what arrived.
  } finally {
    response.destroy();
  }
  return size === 0 ? null : new TextDecoder().decode(Buffer.concat(chunks).subarray(0, excerptBytes));
}
