-- AlterTable
ALTER TABLE "GatewayOption" ADD COLUMN     "transaction" TEXT;
