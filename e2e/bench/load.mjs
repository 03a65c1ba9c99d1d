// Runs one autocannon scenario in its own process (so the load generator does not share an event
// loop with anything it measures) and prints the result as JSON on the last line.
import fs from "node:fs";
import autocannon from "autocannon";
import { scenarioRequest } from "./scenario-request.mjs";

const scenario = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let n = 0;
let refusal = "";
// Each server gets the same unmeasured warm-up first, so the figures are of a warm JIT and warm
// connection pools, not of the first second after start.
const run = (duration) =>
  autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration,
    // A fixed-rate pass: this many requests a second over all connections, not as many as answered.
    overallRate: scenario.rate,
    headers: scenario.headers,
    requests: [
      {
        method: scenario.method ?? "GET",
        // The first refusal is printed, so that an error count comes with its reason.
        onResponse: (status, body) => {
          if (status >= 300 && !refusal)
            console.error(
              `[load] first non-2xx answer: ${(refusal = `${status} ${String(body).slice(0, 300)}`)}`,
            );
        },
        setupRequest: (request) => {
          const next = scenarioRequest(scenario, n++, process.pid);
          return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  });
const warmup = await run(scenario.warmup ?? 3);
const result = await run(scenario.duration);
const bad = result.non2xx + result.errors + result.timeouts;
const served = warmup.requests.total + result.requests.total;
// Every request sent costs the server its work, answered inside the pass or not: in a saturating
// pass each connection has one in flight when the pass ends (64 of them for 150 polls answered on a
// loaded machine), which the server still serves. CPU per request is taken over these: counted as
// built here, since autocannon's own `sent` over-counts a fixed-rate pass. A fixed-rate pass builds
// each connection's next request ahead of its turn, so there the answered ones are counted.
const sent = scenario.rate ? served : n;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: bad,
    total: result.requests.total,
    served,
    sent,
  }),
);
