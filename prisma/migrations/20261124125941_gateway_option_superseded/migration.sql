-- AlterTable
ALTER TABLE "GatewayOption" ADD COLUMN     "supersededAt" TIMESTAMP(3);
