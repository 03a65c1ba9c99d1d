-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "assetValue" DECIMAL(78,0),
ADD COLUMN     "excess" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "UnmatchedTransfer" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "chainId" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "asset" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "blockNumber" BIGINT NOT NULL,
    "blockTime" TIMESTAMP(3) NOT NULL,
    "refusedByPaymentId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paymentId" TEXT,
    "note" TEXT,
    "resolvedBy" TEXT,
    "resolvedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnmatchedTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UnmatchedTransfer_accountId_mode_status_blockTime_idx" ON "UnmatchedTransfer"("accountId", "mode", "status", "blockTime" DESC);

-- CreateIndex
CREATE INDEX "UnmatchedTransfer_chainId_txHash_logIndex_idx" ON "UnmatchedTransfer"("chainId", "txHash", "logIndex");

-- CreateIndex
CREATE UNIQUE INDEX "UnmatchedTransfer_accountId_chainId_txHash_logIndex_key" ON "UnmatchedTransfer"("accountId", "chainId", "txHash", "logIndex");

-- AddForeignKey
ALTER TABLE "UnmatchedTransfer" ADD CONSTRAINT "UnmatchedTransfer_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
