import crypto from "node:crypto";
import { z } from "zod";
import { authenticate, prisma, unauthorized } from "../../../lib/db";

const CreatePayment = z.object({
  amount: z.object({ unit: z.string().regex(/^iso4217\/[A-Z]{3}$/), value: z.string().regex(/^\d+$/) }),
  referenceId: z.string().min(1).max(255),
});

export async function POST(request: Request) {
  const key = await authenticate(request);
  if (!key) return unauthorized();
  const parsed = CreatePayment.safeParse(await request.json());
  if (!parsed.success)
    return Response.json({ code: "params_validation", message: parsed.error.message }, { status: 400 });
  const merchantId = request.headers.get("merchant-id") ?? "";
  const idempotencyKey = request.headers.get("idempotency-key");
  const scope = { accountId: key.accountId, mode: key.mode };
  return prisma.$transaction(async (tx) => {
    if (idempotencyKey) {
      const earlier = await tx.idempotencyRecord.findUnique({
        where: { accountId_mode_key: { ...scope, key: idempotencyKey } },
      });
      if (earlier) return Response.json(earlier.responseBody, { status: earlier.responseStatus ?? 200 });
    }
    const merchant = await tx.merchant.findFirst({ where: { id: merchantId, ...scope, deletedAt: null } });
    if (!merchant)
      return Response.json({ code: "merchant_not_found", message: "Merchant not found." }, { status: 404 });
    const payment = await tx.payment.create({
      data: {
        id: `pay_${crypto.randomBytes(18).toString("base64url").slice(0, 24)}`,
        ...scope,
        merchantId,
        referenceId: parsed.data.referenceId,
        amountUnit: parsed.data.amount.unit,
        amountValue: parsed.data.amount.value,
        expiresAt: new Date(Date.now() + 15 * 60_000),
      },
    });
    await tx.paymentEvent.create({
      data: {
        id: `pev_${payment.id.slice(4)}`,
        ...scope,
        paymentId: payment.id,
        version: 1,
        type: "payment.created",
        toStatus: "requires_action",
        actor: `api_key:${key.id}`,
      },
    });
    const body = {
      id: payment.id,
      status: payment.status,
      amount: parsed.data.amount,
      referenceId: payment.referenceId,
      expiresAt: Math.floor(payment.expiresAt.getTime() / 1000),
      createdAt: payment.createdAt.toISOString(),
    };
    await tx.event.create({
      data: {
        id: `evt_${payment.id.slice(4)}`,
        ...scope,
        type: "payment.created",
        data: body,
        paymentId: payment.id,
      },
    });
    if (idempotencyKey)
      await tx.idempotencyRecord.create({
        data: {
          id: `idem_${crypto.randomUUID()}`,
          ...scope,
          key: idempotencyKey,
          requestHash: crypto.createHash("sha256").update(JSON.stringify(parsed.data)).digest("hex"),
          state: "completed",
          responseStatus: 201,
          responseBody: body,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });
    return Response.json(body, { status: 201 });
  });
}
