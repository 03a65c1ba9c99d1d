// A tiny PostgreSQL wire-protocol proxy for the bench: a server started with DATABASE_URL pointing
// here talks to PostgreSQL through it, and every round trip it sends is recorded — the statements
// (SQL text, the prepared statement's name or the unnamed one, the simple or extended protocol) and
// the transaction status before and after (from ReadyForQuery), so BEGIN/COMMIT show as boundaries.
// The bench traces the app and the floor over the same requests and fails when they differ
// (compareTraces): the floor must send exactly the app's statements.
import net from "node:net";

export type Statement = { sql: string; name: string | null; simple: boolean };
export type RoundTrip = {
  at: number;
  connection: number;
  statements: Statement[];
  before: string;
  after: string;
};

/** Starts the proxy on `port`, forwarding to the PostgreSQL at `target`. */
export async function startPgTrace(target: { host: string; port: number }, port: number) {
  const roundTrips: RoundTrip[] = [];
  let connections = 0;
  const server = net.createServer((client) => {
    const id = ++connections;
    const upstream = net.connect(target.port, target.host);
    const prepared = new Map<string, string>();
    let unnamed = "";
    let status = "I";
    let current: RoundTrip | null = null;
    const add = (statement: Statement) => {
      current ??= { at: performance.now(), connection: id, statements: [], before: status, after: "" };
      current.statements.push(statement);
    };
    let started = false;
    let fromClient = Buffer.alloc(0);
    client.on("data", (chunk) => {
      upstream.write(chunk);
      fromClient = Buffer.concat([fromClient, chunk]);
      for (;;) {
        if (!started) {
          // The startup message (and an SSL request before it) has no type byte.
          if (fromClient.length < 4) break;
          const length = fromClient.readInt32BE(0);
          if (fromClient.length < length) break;
          const code = fromClient.readInt32BE(4);
          fromClient = fromClient.subarray(length);
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (fromClient.length < 5) break;
        const length = fromClient.readInt32BE(1);
        if (fromClient.length < 1 + length) break;
        const type = String.fromCharCode(fromClient[0]!);
        const body = fromClient.subarray(5, 1 + length);
        fromClient = fromClient.subarray(1 + length);
        const strings = (count: number) => {
          const out: string[] = [];
          let at = 0;
          for (let i = 0; i < count; i++) {
            const end = body.indexOf(0, at);
            out.push(body.toString("utf8", at, end));
            at = end + 1;
          }
          return out;
        };
        if (type === "Q") add({ sql: strings(1)[0]!, name: null, simple: true });
        else if (type === "P") {
          const [name, sql] = strings(2) as [string, string];
          if (name) prepared.set(name, sql);
          else unnamed = sql;
        } else if (type === "B") {
          const [, name] = strings(2) as [string, string];
          add({ sql: name ? (prepared.get(name) ?? "?") : unnamed, name: name || null, simple: false });
        }
      }
    });
    let fromServer = Buffer.alloc(0);
    upstream.on("data", (chunk) => {
      client.write(chunk);
      fromServer = Buffer.concat([fromServer, chunk]);
      while (fromServer.length >= 5) {
        const length = fromServer.readInt32BE(1);
        if (fromServer.length < 1 + length) break;
        if (fromServer[0] === 0x5a /* Z: ReadyForQuery */) {
          status = String.fromCharCode(fromServer[5]!);
          if (current) roundTrips.push({ ...current, after: status });
          current = null;
        }
        fromServer = fromServer.subarray(1 + length);
      }
    });
    const close = () => (client.destroy(), upstream.destroy());
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    roundTrips,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A round trip's statements and transaction boundaries, as one line. */
export function describeRoundTrip(trip: RoundTrip): string {
  const statements = trip.statements.map(
    (s) =>
      `${s.simple ? "simple" : s.name ? `prepared "${s.name}"` : "unnamed"}: ${s.sql.replace(/\s+/g, " ").trim()}`,
  );
  return `[${trip.before}→${trip.after}] ${statements.join(" ⟶ ")}`;
}

export type Trace = {
  requests: number;
  /** Each kind of round trip, and how many times it was sent during the traced requests and in the second after them. */
  roundTrips: Map<string, number>;
};

/** The round trips sent from `from` on, in requests and in the quiet second after them (background batches). */
export function traceSince(roundTrips: RoundTrip[], from: number, requests: number): Trace {
  const counts = new Map<string, number>();
  for (const trip of roundTrips)
    if (trip.at >= from) counts.set(describeRoundTrip(trip), (counts.get(describeRoundTrip(trip)) ?? 0) + 1);
  return { requests, roundTrips: counts };
}

/**
 * Differences between two traces of the same requests: a kind of round trip one sends and the other
 * does not, or sends at another rate, beyond what timing explains: work done once a second (the
 * key's verification, a rate-limit lease, a request-log batch) may fall on either side of the
 * window, so counts may differ by two or by a tenth, and such work seen at most twice in one trace
 * may be missing from the other.
 */
const timedStatements = [
  'prepared "request-log-batch"',
  'FROM "public"."ApiKey"',
  'FROM "public"."Account" WHERE',
  'FROM "public"."Membership"',
  'INSERT INTO "RateLimitBucket"',
];

export function compareTraces(app: Trace, floor: Trace): string[] {
  const differences: string[] = [];
  for (const kind of new Set([...app.roundTrips.keys(), ...floor.roundTrips.keys()])) {
    const a = app.roundTrips.get(kind) ?? 0;
    const f = floor.roundTrips.get(kind) ?? 0;
    // The request log is written once a second whatever the traffic, a key is read again once its
    // second has lapsed, and a rate-limit lease is refilled once it has: their counts follow how long
    // the requests took (a slower server sends more of them; 7 against 4 in 30 confirms at load
    // average 38), so only whether both send them is compared.
    const timed = timedStatements.some((s) => kind.includes(s));
    if (
      timed
        ? (a === 0) !== (f === 0)
        : Math.max(a, f) > 2 && (a === 0 || f === 0 || Math.abs(a - f) > Math.max(2, 0.1 * Math.max(a, f)))
    )
      differences.push(`app ${a}, floor ${f} (${app.requests} requests): ${kind}`);
  }
  return differences;
}

export function formatTrace(trace: Trace): string {
  return [...trace.roundTrips]
    .sort((x, y) => y[1] - x[1])
    .map(([kind, count]) => `  ${(count / trace.requests).toFixed(2)}/request ${kind}`)
    .join("\n");
}
