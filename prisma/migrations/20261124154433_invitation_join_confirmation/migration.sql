-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "joinName" TEXT,
ADD COLUMN     "joinPasswordHash" TEXT,
ADD COLUMN     "joinRequestedAt" TIMESTAMP(3),
ADD COLUMN     "joinTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_joinTokenHash_key" ON "Invitation"("joinTokenHash");
