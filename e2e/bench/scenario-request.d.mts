export function scenarioRequest(
  scenario: Record<string, unknown>,
  i: number,
  tag: string | number,
): { method: string; path: string; headers: Record<string, string>; body: string | undefined };
