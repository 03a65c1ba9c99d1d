-- CreateTable
CREATE TABLE "SolanaCursor" (
    "chainId" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SolanaCursor_pkey" PRIMARY KEY ("chainId","account")
);
