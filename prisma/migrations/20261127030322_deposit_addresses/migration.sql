-- CreateTable
CREATE TABLE "DepositAddress" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "chainId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "factory" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "deployedAt" TIMESTAMP(3),
    "pendingAssets" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "payer" TEXT,
    "sweepingUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DepositAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DepositSweep" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "depositAddressId" TEXT NOT NULL,
    "chainId" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "status" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "txHash" TEXT,
    "gasUsed" INTEGER,
    "gasCostWei" DECIMAL(78,0),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DepositSweep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DepositAddress_paymentId_chainId_key" ON "DepositAddress"("paymentId", "chainId");

-- CreateIndex
CREATE UNIQUE INDEX "DepositAddress_chainId_address_key" ON "DepositAddress"("chainId", "address");

-- CreateIndex
CREATE UNIQUE INDEX "DepositSweep_key_key" ON "DepositSweep"("key");

-- CreateIndex
CREATE INDEX "DepositSweep_paymentId_idx" ON "DepositSweep"("paymentId");

-- CreateIndex
CREATE INDEX "DepositSweep_depositAddressId_idx" ON "DepositSweep"("depositAddressId");

-- CreateIndex
CREATE INDEX "DepositSweep_accountId_mode_chainId_createdAt_idx" ON "DepositSweep"("accountId", "mode", "chainId", "createdAt");

-- AddForeignKey
ALTER TABLE "DepositAddress" ADD CONSTRAINT "DepositAddress_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DepositSweep" ADD CONSTRAINT "DepositSweep_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DepositSweep" ADD CONSTRAINT "DepositSweep_depositAddressId_fkey" FOREIGN KEY ("depositAddressId") REFERENCES "DepositAddress"("id") ON DELETE CASCADE ON UPDATE CASCADE;
