-- AlterTable
ALTER TABLE "RelayerLock" DROP COLUMN "lastNonce",
ADD COLUMN     "nextNonce" INTEGER;
