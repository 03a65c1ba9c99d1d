-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "checkoutErrorUrl" TEXT,
ADD COLUMN     "checkoutSuccessUrl" TEXT;
