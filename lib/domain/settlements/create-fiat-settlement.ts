import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { guardSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { Prisma } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import type { CreateFiatSettlementInput } from "@/lib/domain/schemas/settlement";
import { tenant } from "@/lib/core/tenancy/scope";
import { recordSettlementChange } from "./record-settlement-change";
import { encrypt, hmacHex } from "@/lib/core/config/secrets";

/**
 * Adds an ACH bank destination to a merchant. The account number is kept encrypted (read it back
 * with `decrypt` from lib/secrets only to pay out); everything else sees the last four digits.
 */
export async function createFiatSettlement(
  ctx: CallContext,
  merchantId: string,
  input: CreateFiatSettlementInput,
) {
  const { tx, scope, actor } = ctx;
  await guardSensitiveChange(tx, actor, scope.mode, "fiat_settlement.created");
  await getMerchant(tx, scope, merchantId);
  const last4 = input.accountNumber.slice(-4);
  const accountFingerprint = hmacHex("bank-account", `${input.routingNumber}:${input.accountNumber}`);
  // Checked first for a clear answer; the unique index decides when two requests race.
  const duplicate = () => {
    const message = `This bank account (routing ${input.routingNumber}, ••••${last4}) is already registered for this merchant.`;
    return new AppError("conflict", message, { fields: { accountNumber: message } });
  };
  if (
    await tx.fiatSettlement.findFirst({
      where: { ...tenant(scope), merchantId, accountFingerprint },
      select: { id: true },
    })
  )
    throw duplicate();
  const settlement = await tx.fiatSettlement
    .create({
      data: {
        id: newId("fiat"),
        ...tenant(scope),
        merchantId,
        bankType: "ACH",
        accountHolderName: input.accountHolderName,
        routingNumber: input.routingNumber,
        accountNumber: encrypt(input.accountNumber),
        accountNumberLast4: last4,
        accountFingerprint,
        accountType: input.accountType,
      },
    })
    .catch((error: unknown) => {
      throw error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002"
        ? duplicate()
        : error;
    });
  await recordSettlementChange(ctx, merchantId, [
    {
      action: "fiat_settlement.created",
      targetType: "fiat_settlement",
      targetId: settlement.id,
      data: {
        bankType: "ACH",
        routingNumber: input.routingNumber,
        accountNumberLast4: last4,
        accountType: input.accountType,
      },
      // Payouts may go to a bank account as well as to a wallet.
      destinationChange: {
        "New bank account": `ACH ${input.routingNumber} ••••${last4} (${input.accountType})`,
      },
    },
  ]);
  return settlement;
}
