-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "accentColor" TEXT,
ADD COLUMN     "supportContact" TEXT;
