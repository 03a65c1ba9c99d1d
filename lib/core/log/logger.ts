import "server-only";
import pino from "pino";
import { env } from "@/lib/core/config/env";
import { currentRequestId } from "./request-context";

export type Logger = pino.Logger;

// Whatever a caller hands the logger, these never reach the output: credentials in headers and the
// secrets our own objects carry.
const secretPaths = [
  "password",
  "apiKey",
  "secret",
  "token",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  'headers["api-key"]',
];
const redactPaths = [...secretPaths, ...secretPaths.map((path) => `*.${path}`)];

/**
 * A logger writing JSON lines at LOG_LEVEL, each with the id of the request it was written for (if
 * any), errors under `err` with their stack. `destination` is for tests; the app writes to stdout.
 */
export function createLogger(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactPaths, censor: "[redacted]" },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The one logger of the process. */
export const logger: Logger = createLogger();
