-- Support's search by a buyer's email, in any case: an index on the lower-cased address within an
-- account and mode, which the search's lower("buyerEmail") = lower(term) reads for the few matching
-- rows. The (account, mode, email) btree it replaces could not serve a case-insensitive match: its
-- ILIKE read every entry of the account and mode and filtered them. Prisma cannot declare an
-- expression index in schema.prisma, and its diff leaves this one alone.
DROP INDEX "Payment_accountId_mode_buyerEmail_idx";
CREATE INDEX "Payment_accountId_mode_buyerEmail_lower_idx" ON "Payment" ("accountId", "mode", lower("buyerEmail"));
