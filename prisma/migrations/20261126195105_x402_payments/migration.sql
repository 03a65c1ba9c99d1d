-- AlterTable
ALTER TABLE "GatewayOption" ADD COLUMN     "validAfter" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "X402Payment" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "claimKey" TEXT,
    "network" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "resourceUrl" TEXT,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "X402Payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "X402Payment_claimKey_key" ON "X402Payment"("claimKey");

-- CreateIndex
CREATE INDEX "X402Payment_paymentId_idx" ON "X402Payment"("paymentId");

-- AddForeignKey
ALTER TABLE "X402Payment" ADD CONSTRAINT "X402Payment_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "X402Payment" ADD CONSTRAINT "X402Payment_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
