-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "leaseId" TEXT;

-- CreateIndex
CREATE INDEX "Refund_accountId_mode_createdAt_id_idx" ON "Refund"("accountId", "mode", "createdAt" DESC, "id" DESC);
