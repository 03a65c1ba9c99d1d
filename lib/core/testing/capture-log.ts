import { createLogger, type Logger } from "@/lib/core/log/logger";

/** A logger configured as the app's, whose lines a test reads back as parsed objects. */
export function captureLog(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}
