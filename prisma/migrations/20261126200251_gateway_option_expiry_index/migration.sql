-- CreateIndex
CREATE INDEX "GatewayOption_expiresAt_idx" ON "GatewayOption"("expiresAt");
