-- CreateTable
CREATE TABLE "GatewayOption" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "settlementId" TEXT NOT NULL,
    "asset" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "method" TEXT NOT NULL,
    "nonce" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "result" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GatewayOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RelayerSubmission" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "optionId" TEXT NOT NULL,
    "chainId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "activeKey" TEXT,
    "relayer" TEXT,
    "relayerNonce" INTEGER,
    "txHash" TEXT,
    "error" TEXT,
    "claimedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RelayerSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RelayerLock" (
    "chainId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "lockedUntil" TIMESTAMP(3),
    "lastNonce" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RelayerLock_pkey" PRIMARY KEY ("chainId","address")
);

-- CreateIndex
CREATE INDEX "GatewayOption_paymentId_createdAt_idx" ON "GatewayOption"("paymentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RelayerSubmission_activeKey_key" ON "RelayerSubmission"("activeKey");

-- CreateIndex
CREATE INDEX "RelayerSubmission_paymentId_idx" ON "RelayerSubmission"("paymentId");

-- AddForeignKey
ALTER TABLE "GatewayOption" ADD CONSTRAINT "GatewayOption_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GatewayOption" ADD CONSTRAINT "GatewayOption_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RelayerSubmission" ADD CONSTRAINT "RelayerSubmission_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RelayerSubmission" ADD CONSTRAINT "RelayerSubmission_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
