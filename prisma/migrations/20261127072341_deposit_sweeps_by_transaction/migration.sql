-- CreateIndex
CREATE INDEX "DepositSweep_txHash_idx" ON "DepositSweep"("txHash");
