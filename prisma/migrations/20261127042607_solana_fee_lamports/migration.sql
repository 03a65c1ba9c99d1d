-- AlterTable
ALTER TABLE "RelayerSubmission" ADD COLUMN     "feeLamports" DECIMAL(20,0);

-- Solana submissions kept their lamports in gasCostWei until now: moved to their own column.
UPDATE "RelayerSubmission" SET "feeLamports" = "gasCostWei", "gasCostWei" = NULL WHERE "chainId" LIKE 'solana:%';
