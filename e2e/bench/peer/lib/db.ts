import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../../../lib/generated/prisma/client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const prisma = (globalForPrisma.prisma ??= new PrismaClient({
  adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }),
}));

const hmacKey = Buffer.from(process.env.KEY_HMAC_SECRET_HEX ?? "", "hex");

/** The API key from the Api-Key header, looked up by its prefix and checked by its HMAC. */
export async function authenticate(request: Request) {
  const key = request.headers.get("api-key") ?? "";
  if (!/^svc_(test|live)_[0-9A-Za-z]{32}$/.test(key)) return null;
  const row = await prisma.apiKey.findUnique({ where: { prefix: key.slice(0, 17) } });
  const hash = crypto.createHmac("sha256", hmacKey).update(key).digest("hex");
  if (!row || row.revokedAt || row.hash !== hash) return null;
  return row;
}

export const unauthorized = () =>
  Response.json({ code: "invalid_api_key", message: "The API key is invalid." }, { status: 401 });
