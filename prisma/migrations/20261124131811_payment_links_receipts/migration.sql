-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "buyerEmail" TEXT,
ADD COLUMN     "paymentLinkId" TEXT,
ADD COLUMN     "receiptToken" TEXT;

-- CreateTable
CREATE TABLE "PaymentLink" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "merchantId" TEXT NOT NULL,
    "amountUnit" TEXT NOT NULL,
    "amountValue" DECIMAL(78,0),
    "minValue" DECIMAL(78,0),
    "maxValue" DECIMAL(78,0),
    "referencePrefix" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivatedAt" TIMESTAMP(3),

    CONSTRAINT "PaymentLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentLink_accountId_mode_createdAt_id_idx" ON "PaymentLink"("accountId", "mode", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Payment_receiptToken_key" ON "Payment"("receiptToken");

-- CreateIndex
CREATE INDEX "Payment_paymentLinkId_idx" ON "Payment"("paymentLinkId");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_paymentLinkId_fkey" FOREIGN KEY ("paymentLinkId") REFERENCES "PaymentLink"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentLink" ADD CONSTRAINT "PaymentLink_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentLink" ADD CONSTRAINT "PaymentLink_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Existing payments get a receipt token too (two md5s of random input: 64 hex characters)
UPDATE "Payment" SET "receiptToken" = md5(random()::text || "id") || md5(random()::text || clock_timestamp()::text) WHERE "receiptToken" IS NULL;
