-- AlterTable
ALTER TABLE "FiatSettlement" ADD COLUMN     "accountFingerprint" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "FiatSettlement_merchantId_accountFingerprint_key" ON "FiatSettlement"("merchantId", "accountFingerprint");
