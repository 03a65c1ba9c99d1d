-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "relayGasCostWei" DECIMAL(78,0),
ADD COLUMN     "relayGasUsed" INTEGER;

-- AlterTable
ALTER TABLE "RelayerSubmission" ADD COLUMN     "gasCostWei" DECIMAL(78,0),
ADD COLUMN     "gasLimit" INTEGER,
ADD COLUMN     "gasUsed" INTEGER;

-- CreateIndex
CREATE INDEX "RelayerSubmission_accountId_mode_chainId_createdAt_idx" ON "RelayerSubmission"("accountId", "mode", "chainId", "createdAt");
