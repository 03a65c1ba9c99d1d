-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "apiChangesSeenLiveAt" TIMESTAMP(3),
ADD COLUMN     "apiChangesSeenTestAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Payment_accountId_mode_buyerEmail_idx" ON "Payment"("accountId", "mode", "buyerEmail");
