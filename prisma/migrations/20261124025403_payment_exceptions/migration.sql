-- CreateEnum
CREATE TYPE "PaymentExceptionType" AS ENUM ('underpaid', 'overpaid', 'paid_late', 'wrong_asset');

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "underpaymentToleranceBps" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "exceptionAsset" TEXT,
ADD COLUMN     "exceptionExpected" DECIMAL(78,0),
ADD COLUMN     "exceptionReceived" DECIMAL(78,0),
ADD COLUMN     "exceptionResolution" TEXT,
ADD COLUMN     "exceptionResolvedAt" TIMESTAMP(3),
ADD COLUMN     "exceptionTxHash" TEXT,
ADD COLUMN     "exceptionType" "PaymentExceptionType";

-- CreateIndex
CREATE INDEX "Payment_accountId_mode_exceptionType_createdAt_idx" ON "Payment"("accountId", "mode", "exceptionType", "createdAt" DESC);
