-- What a buyer tried is one record: the gateway options (GatewayOption) become PaymentAttempt
-- rows, kept with their ids (the API optionIds), and the chosen option of a payment, stored on the
-- payment until now, becomes the attempt the payment names (attemptId).

-- RenameTable
ALTER TABLE "GatewayOption" RENAME TO "PaymentAttempt";
ALTER TABLE "PaymentAttempt" RENAME CONSTRAINT "GatewayOption_pkey" TO "PaymentAttempt_pkey";
ALTER TABLE "PaymentAttempt" RENAME CONSTRAINT "GatewayOption_accountId_fkey" TO "PaymentAttempt_accountId_fkey";
ALTER TABLE "PaymentAttempt" RENAME CONSTRAINT "GatewayOption_paymentId_fkey" TO "PaymentAttempt_paymentId_fkey";
ALTER INDEX "GatewayOption_paymentId_createdAt_idx" RENAME TO "PaymentAttempt_paymentId_createdAt_idx";
ALTER INDEX "GatewayOption_expiresAt_idx" RENAME TO "PaymentAttempt_expiresAt_idx";

-- AlterTable: a transfer attempt (chosen at the hosted checkout) has no payer, and an attempt
-- outlives the settlement it was quoted from.
ALTER TABLE "PaymentAttempt" ALTER COLUMN "settlementId" DROP NOT NULL,
ALTER COLUMN "payer" DROP NOT NULL;
UPDATE "PaymentAttempt" a SET "settlementId" = NULL
WHERE NOT EXISTS (SELECT 1 FROM "CryptoSettlement" s WHERE s."id" = a."settlementId");

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "attemptId" TEXT;

-- MoveData: a gateway confirm copied its option onto the payment, quotedAt being the option
-- createdAt: that option (the confirmed one first) is the attempt of the payment.
UPDATE "Payment" p SET "attemptId" = (
  SELECT a."id" FROM "PaymentAttempt" a
  WHERE a."paymentId" = p."id" AND a."createdAt" = p."quotedAt" AND a."asset" = p."optionAsset"
    AND a."destination" = p."optionDestination" AND a."value" = p."optionValue"
  ORDER BY a."supersededAt" IS NULL DESC, a."confirmedAt" IS NOT NULL DESC, a."id"
  LIMIT 1
)
WHERE p."optionAsset" IS NOT NULL AND p."optionDestination" IS NOT NULL AND p."optionValue" IS NOT NULL;

-- MoveData: any other chosen option (the hosted checkout choice, test mode) becomes a transfer
-- attempt of its own, with a deterministic id.
INSERT INTO "PaymentAttempt" ("id", "accountId", "mode", "paymentId", "settlementId", "asset", "destination", "value", "method", "expiresAt", "createdAt")
SELECT 'opt_' || substr(md5('attempt:' || p."id"), 1, 24), p."accountId", p."mode", p."id", p."optionSettlementId",
  p."optionAsset", p."optionDestination", p."optionValue", 'transfer', p."expiresAt", COALESCE(p."quotedAt", p."createdAt")
FROM "Payment" p
WHERE p."attemptId" IS NULL AND p."optionAsset" IS NOT NULL AND p."optionDestination" IS NOT NULL AND p."optionValue" IS NOT NULL;
UPDATE "Payment" p SET "attemptId" = 'opt_' || substr(md5('attempt:' || p."id"), 1, 24)
WHERE p."attemptId" IS NULL AND p."optionAsset" IS NOT NULL AND p."optionDestination" IS NOT NULL AND p."optionValue" IS NOT NULL;

-- DropForeignKey
ALTER TABLE "Payment" DROP CONSTRAINT "Payment_optionSettlementId_fkey";

-- AlterTable
ALTER TABLE "Payment" DROP COLUMN "optionAsset",
DROP COLUMN "optionDestination",
DROP COLUMN "optionSettlementId",
DROP COLUMN "optionValue",
DROP COLUMN "quotedAt";

-- CreateIndex
CREATE UNIQUE INDEX "Payment_attemptId_key" ON "Payment"("attemptId");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_attemptId_fkey" FOREIGN KEY ("attemptId") REFERENCES "PaymentAttempt"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_settlementId_fkey" FOREIGN KEY ("settlementId") REFERENCES "CryptoSettlement"("id") ON DELETE SET NULL ON UPDATE CASCADE;
