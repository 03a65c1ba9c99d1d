-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "allowedReturnOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "PublicApp" ADD COLUMN     "allowedReturnOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];
