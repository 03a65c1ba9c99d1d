-- CreateTable
CREATE TABLE "PublicApp" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "mode" "Mode" NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "PublicApp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PublicApp_accountId_mode_idx" ON "PublicApp"("accountId", "mode");

-- AddForeignKey
ALTER TABLE "PublicApp" ADD CONSTRAINT "PublicApp_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
