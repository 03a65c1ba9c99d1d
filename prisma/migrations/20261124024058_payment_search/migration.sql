-- Substring search over payments needs trigram indexes, available in PostgreSQL and in PGlite
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
-- A generated column, so every write path keeps it right without the application setting it
ALTER TABLE "Payment" ADD COLUMN "searchText" TEXT GENERATED ALWAYS AS (lower("id" || ' ' || "referenceId" || ' ' || coalesce("txId", '') || ' ' || coalesce("payerAddress", ''))) STORED;

-- CreateIndex
CREATE INDEX "Payment_accountId_mode_amountValue_idx" ON "Payment"("accountId", "mode", "amountValue");

-- CreateIndex
CREATE INDEX "Payment_searchText_idx" ON "Payment" USING GIN ("searchText" gin_trgm_ops);
