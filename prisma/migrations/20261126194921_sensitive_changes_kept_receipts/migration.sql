-- AlterEnum
ALTER TYPE "EmailStatus" ADD VALUE 'kept';

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "alert" TEXT;
