// The i-th request of a scenario, as the load generator (load.mjs) and the bench's tracer send it.
export function scenarioRequest(scenario, i, tag) {
  const target = scenario.targets ? scenario.targets[i % scenario.targets.length] : null;
  const headers = { ...scenario.headers, ...(target?.headers ?? {}) };
  if (scenario.idempotent) headers["idempotency-key"] = `bench-${tag}-${i}-${Date.now()}`;
  return {
    method: scenario.method ?? "GET",
    path: target?.path ?? scenario.path,
    headers,
    body: target?.body
      ? JSON.stringify(target.body)
      : scenario.body
        ? JSON.stringify({ ...scenario.body, referenceId: `bench-${tag}-${i}` })
        : undefined,
  };
}
