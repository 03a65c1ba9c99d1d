-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "paymentId" TEXT;

-- CreateIndex
CREATE INDEX "Event_accountId_mode_paymentId_idx" ON "Event"("accountId", "mode", "paymentId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");


-- Backfill the events written before this column existed
UPDATE "Event" SET "paymentId" = "data"->>'id' WHERE "type" LIKE 'payment.%';
UPDATE "Event" SET "paymentId" = "data"->'payment'->>'id' WHERE "type" LIKE 'refund.%';
