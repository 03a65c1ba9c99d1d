import { authenticate, prisma, unauthorized } from "../../../../../lib/db";

const finals = ["succeeded", "failed", "cancelled", "expired"];

export async function GET(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  const key = await authenticate(request);
  if (!key) return unauthorized();
  const { paymentId } = await params;
  const payment = await prisma.payment.findFirst({
    where: {
      id: paymentId,
      accountId: key.accountId,
      mode: key.mode,
      merchantId: request.headers.get("merchant-id") ?? "",
    },
    select: { status: true, txId: true, paidValue: true, attempt: { select: { asset: true } } },
  });
  if (!payment)
    return Response.json({ code: "payment_not_found", message: "Payment not found." }, { status: 404 });
  const isFinal = finals.includes(payment.status);
  return Response.json({
    status: payment.status,
    isFinal,
    pollInMs: isFinal ? null : 2000,
    info:
      payment.status === "succeeded"
        ? {
            txId: payment.txId,
            optionAmount: { unit: `caip19/${payment.attempt?.asset}`, value: payment.paidValue?.toFixed() },
          }
        : null,
  });
}
