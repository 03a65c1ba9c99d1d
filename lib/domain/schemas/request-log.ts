import { z } from "zod";
import { CursorParamSchema } from "@/lib/core/db/pagination";

export const statusClasses = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof statusClasses)[number];

/** The request log's filters, as the dashboard's query string carries them. */
export const RequestLogFilterSchema = z.object({
  status: z.enum(statusClasses).optional(),
  apiKeyId: z
    .string()
    .regex(/^key_[0-9A-Za-z]{1,40}$/)
    .optional(),
  cursor: CursorParamSchema.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type RequestLogFilterInput = z.output<typeof RequestLogFilterSchema>;

export type RequestLogJson = {
  id: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  apiKeyId: string | null;
  appId: string | null;
  requestBody: unknown;
  errorBody: unknown;
  createdAt: string;
};
