/** What running an operation reads of its HTTP request; lib/platform/server/api-server.ts makes one of node's. */
export type ApiRequest = {
  method: string;
  /** The path as the router read it, and the query string with its "?" (or ""). */
  pathname: string;
  search: string;
  /** A header's value by its lower-case name, or null. */
  header: (name: string) => string | null;
  body: AsyncIterable<Uint8Array>;
  /** Aborts when the client goes away before its answer. */
  signal: AbortSignal;
};
