-- AlterTable
ALTER TABLE "User" ADD COLUMN     "confirmEmailBeforeSignIn" BOOLEAN NOT NULL DEFAULT false;
