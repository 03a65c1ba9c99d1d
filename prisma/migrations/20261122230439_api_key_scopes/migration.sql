-- AlterTable
ALTER TABLE "ApiKey" ALTER COLUMN "permissions" DROP DEFAULT;

-- Keys made before scopes existed had an empty list, meaning everything. Each gets the explicit
-- permissions its creator role may grant today (lib/api-keys/permissions.ts): everything for keys
-- made by owners and admins or by the system, and no settlement or refund writes for anyone else
-- (including creators who have since left the account).
UPDATE "ApiKey" AS k
SET "permissions" = CASE
  WHEN k."createdById" IS NULL
    OR (SELECT m."role" FROM "Membership" m WHERE m."accountId" = k."accountId" AND m."userId" = k."createdById") IN ('owner', 'admin')
  THEN ARRAY['merchants.read', 'merchants.write', 'settlements.read', 'settlements.write', 'payments.read', 'payments.write', 'refunds.read', 'refunds.write', 'webhooks.read', 'webhooks.write']
  ELSE ARRAY['merchants.read', 'merchants.write', 'settlements.read', 'payments.read', 'payments.write', 'refunds.read', 'webhooks.read', 'webhooks.write']
END
WHERE cardinality(k."permissions") = 0;
