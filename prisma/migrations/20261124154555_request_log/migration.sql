-- CreateTable
CREATE TABLE "RequestLog" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "apiKeyId" TEXT,
    "appId" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "requestBody" JSONB,
    "errorBody" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RequestLog_accountId_mode_createdAt_idx" ON "RequestLog"("accountId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "RequestLog_createdAt_idx" ON "RequestLog"("createdAt");
