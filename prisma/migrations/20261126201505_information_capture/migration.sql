-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "collectFields" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "collectMinUnit" TEXT,
ADD COLUMN     "collectMinValue" DECIMAL(78,0);

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "collectedData" TEXT,
ADD COLUMN     "collectedDataAt" TIMESTAMP(3);
