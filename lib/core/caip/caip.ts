// CAIP-2 chain ids, CAIP-10 account ids and CAIP-19 asset ids, with the eip155 namespace
// profiles (https://namespaces.chainagnostic.org/eip155) and EIP-55 checksums on top.
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** CAIP-2, e.g. `eip155:1`. */
export type Caip2 = { namespace: string; reference: string };
/** CAIP-10, e.g. `eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb`. */
export type Caip10 = { chainId: Caip2; address: string };
/** CAIP-19 asset type, or asset id when `tokenId` is present, e.g. `eip155:1/slip44:60`. */
export type Caip19 = {
  chainId: Caip2;
  assetNamespace: string;
  assetReference: string;
  tokenId?: string;
};

const NAMESPACE = /^[-a-z0-9]{3,8}$/;
const CHAIN_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/;
const ASSET_NAMESPACE = /^[-a-z0-9]{3,8}$/;
const ASSET_REFERENCE = /^[-.%a-zA-Z0-9]{1,128}$/;
const TOKEN_ID = /^[-.%a-zA-Z0-9]{1,78}$/;

const EIP155_CHAIN_REFERENCE = /^[1-9][0-9]*$/;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
/** An EVM address: 0x and 40 hexadecimal digits in either case (the one pattern Tollgate checks them by). */
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ERC_NAMESPACE = /^erc[a-z0-9]{2,5}$/;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = <T>(error: string): Result<T> => ({ ok: false, error });

/** Quotes user input for an error message: escapes control characters, truncates long input. */
function show(input: string): string {
  return JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input);
}

// ---------------------------------------------------------------------------------------------
// EVM addresses (EIP-55)

/** EIP-55 mixed-case checksum form of a `0x` + 40 hex address given in any case. */
export function toChecksumAddress(address: string): string {
  if (!EVM_ADDRESS.test(address)) {
    throw new TypeError(`not an EVM address: ${show(address)}`);
  }
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = "0x";
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** Why `address` is not a valid EVM address, or null when it is. */
function evmAddressProblem(address: string): string | null {
  if (!EVM_ADDRESS.test(address)) {
    return `must be an EVM address: "0x" followed by 40 hexadecimal characters (got ${show(address)})`;
  }
  const hex = address.slice(2);
  // Single-case addresses carry no checksum (EIP-55); mixed case must match it exactly.
  const mixedCase = /[a-f]/.test(hex) && /[A-F]/.test(hex);
  if (mixedCase && toChecksumAddress(address) !== address) {
    return `has an invalid EIP-55 checksum (${address}); check the address for typos`;
  }
  return null;
}

/** `0x` + 40 hex characters, all-lowercase, all-uppercase or with a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  return evmAddressProblem(address) === null;
}

// ---------------------------------------------------------------------------------------------
// CAIP-2

function checkChainId(namespace: string, reference: string, field: string): Result<Caip2> {
  if (!NAMESPACE.test(namespace)) {
    return fail(
      `${field} has an invalid chain namespace ${show(namespace)}: expected 3-8 characters from a-z, 0-9 and "-"`,
    );
  }
  if (!CHAIN_REFERENCE.test(reference)) {
    return fail(
      `${field} has an invalid chain reference ${show(reference)}: expected 1-32 characters from a-z, A-Z, 0-9, "-" and "_"`,
    );
  }
  if (namespace === "eip155" && !EIP155_CHAIN_REFERENCE.test(reference)) {
    return fail(
      `${field} has an invalid eip155 chain id ${show(reference)}: expected a positive decimal integer without leading zeros, e.g. eip155:1`,
    );
  }
  return ok({ namespace, reference });
}

/** Parses a CAIP-2 chain id such as `eip155:1`. `field` names the input in error messages. */
export function parseChainId(input: string, field = "chain id"): Result<Caip2> {
  if (input === "") return fail(`${field} must not be empty`);
  const parts = input.split(":");
  if (parts.length !== 2) {
    return fail(
      `${field} must be a CAIP-2 chain id "<namespace>:<reference>", e.g. eip155:1 (got ${show(input)})`,
    );
  }
  const [namespace = "", reference = ""] = parts;
  return checkChainId(namespace, reference, field);
}

export function formatChainId(chainId: Caip2): string {
  return `${chainId.namespace}:${chainId.reference}`;
}

export function sameChain(a: Caip2, b: Caip2): boolean {
  return a.namespace === b.namespace && a.reference === b.reference;
}

// ---------------------------------------------------------------------------------------------
// CAIP-10

/** Parses a CAIP-10 account id such as `eip155:1:0xab16…`. `field` names the input in errors. */
export function parseAccountId(input: string, field = "account id"): Result<Caip10> {
  if (input === "") return fail(`${field} must not be empty`);
  const parts = input.split(":");
  if (parts.length !== 3) {
    return fail(
      `${field} must be a CAIP-10 account id "<namespace>:<reference>:<address>", e.g. eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb (got ${show(input)})`,
    );
  }
  const [namespace = "", reference = "", address = ""] = parts;
  const chain = checkChainId(namespace, reference, field);
  if (!chain.ok) return chain;
  if (!ACCOUNT_ADDRESS.test(address)) {
    return fail(
      `${field} has an invalid address ${show(address)}: expected 1-128 characters from a-z, A-Z, 0-9, "-", "." and "%"`,
    );
  }
  if (namespace === "eip155") {
    const problem = evmAddressProblem(address);
    if (problem) return fail(`${field} address ${problem}`);
  }
  return ok({ chainId: chain.value, address });
}

export function formatAccountId(account: Caip10): string {
  return `${formatChainId(account.chainId)}:${account.address}`;
}

// ---------------------------------------------------------------------------------------------
// CAIP-19

/** Parses a CAIP-19 asset type or asset id such as `eip155:1/slip44:60`. */
export function parseAssetId(input: string, field = "asset id"): Result<Caip19> {
  if (input === "") return fail(`${field} must not be empty`);
  const parts = input.split("/");
  const assetParts = parts[1]?.split(":");
  if (parts.length < 2 || parts.length > 3 || assetParts?.length !== 2) {
    return fail(
      `${field} must be a CAIP-19 asset id "<namespace>:<reference>/<asset namespace>:<asset reference>", e.g. eip155:1/slip44:60 (got ${show(input)})`,
    );
  }
  const chainParts = (parts[0] ?? "").split(":");
  if (chainParts.length !== 2) {
    return fail(
      `${field} must start with a CAIP-2 chain id "<namespace>:<reference>", e.g. eip155:1 (got ${show(input)})`,
    );
  }
  const [namespace = "", reference = ""] = chainParts;
  const chain = checkChainId(namespace, reference, field);
  if (!chain.ok) return chain;

  const [assetNamespace = "", assetReference = ""] = assetParts;
  const tokenId = parts[2];
  if (!ASSET_NAMESPACE.test(assetNamespace)) {
    return fail(
      `${field} has an invalid asset namespace ${show(assetNamespace)}: expected 3-8 characters from a-z, 0-9 and "-"`,
    );
  }
  if (!ASSET_REFERENCE.test(assetReference)) {
    return fail(
      `${field} has an invalid asset reference ${show(assetReference)}: expected 1-128 characters from a-z, A-Z, 0-9, "-", "." and "%"`,
    );
  }
  if (tokenId !== undefined && !TOKEN_ID.test(tokenId)) {
    return fail(
      `${field} has an invalid token id ${show(tokenId)}: expected 1-78 characters from a-z, A-Z, 0-9, "-", "." and "%"`,
    );
  }

  const problem = assetNamespaceProblem(namespace, assetNamespace, assetReference, tokenId);
  if (problem) return fail(`${field} ${problem}`);

  const value: Caip19 = { chainId: chain.value, assetNamespace, assetReference };
  if (tokenId !== undefined) value.tokenId = tokenId;
  return ok(value);
}

/** Rules of the slip44 (CAIP-20) and erc* (eip155 CAIP-19 profile) asset namespaces. */
function assetNamespaceProblem(
  chainNamespace: string,
  assetNamespace: string,
  assetReference: string,
  tokenId: string | undefined,
): string | null {
  if (assetNamespace === "slip44") {
    if (!DECIMAL.test(assetReference)) {
      return `has an invalid slip44 coin type ${show(assetReference)}: expected a non-negative decimal integer without leading zeros, e.g. slip44:60`;
    }
    if (tokenId !== undefined) return "must not have a token id: slip44 assets are fungible";
    return null;
  }
  if (ERC_NAMESPACE.test(assetNamespace)) {
    const problem = evmAddressProblem(assetReference);
    if (problem) return `${assetNamespace} token contract ${problem}`;
    if (tokenId !== undefined) {
      if (assetNamespace === "erc20") return "must not have a token id: erc20 tokens are fungible";
      if (!/^[0-9]{1,78}$/.test(tokenId)) {
        return `has an invalid ${assetNamespace} token id ${show(tokenId)}: expected a decimal integer`;
      }
    }
    return null;
  }
  if (chainNamespace === "eip155") {
    return `has an unsupported asset namespace ${show(assetNamespace)} for an eip155 chain: expected slip44 or an ERC standard such as erc20`;
  }
  return null;
}

export function formatAssetId(asset: Caip19): string {
  const type = `${formatChainId(asset.chainId)}/${asset.assetNamespace}:${asset.assetReference}`;
  return asset.tokenId === undefined ? type : `${type}/${asset.tokenId}`;
}

// ---------------------------------------------------------------------------------------------
// Canonical forms. CAIP does not require canonicalization, but EVM addresses compare
// case-insensitively, so store and compare the EIP-55 form (e.g. for the unique
// (merchant, asset) pair).

export function canonicalAccountId(account: Caip10): Caip10 {
  if (account.chainId.namespace !== "eip155") return account;
  return { ...account, address: toChecksumAddress(account.address) };
}

export function canonicalAssetId(asset: Caip19): Caip19 {
  if (!ERC_NAMESPACE.test(asset.assetNamespace) || !EVM_ADDRESS.test(asset.assetReference)) {
    return asset;
  }
  return { ...asset, assetReference: toChecksumAddress(asset.assetReference) };
}

// ---------------------------------------------------------------------------------------------
// Crypto settlement destinations

export type SettlementField = "asset" | "destination";
export type SettlementResult =
  | { ok: true; value: { asset: Caip19; destination: Caip10 } }
  | { ok: false; field: SettlementField; error: string };

/**
 * A crypto settlement pairs a fungible CAIP-19 asset with a CAIP-10 destination wallet on the
 * same chain. The error names the offending field.
 */
export function validateSettlement(asset: string, destination: string): SettlementResult {
  const parsedAsset = parseAssetId(asset, "asset");
  if (!parsedAsset.ok) return { ok: false, field: "asset", error: parsedAsset.error };
  if (parsedAsset.value.tokenId !== undefined) {
    return {
      ok: false,
      field: "asset",
      error: `asset must be a fungible asset type without a token id (got ${show(asset)})`,
    };
  }
  const parsedDestination = parseAccountId(destination, "destination");
  if (!parsedDestination.ok) {
    return { ok: false, field: "destination", error: parsedDestination.error };
  }
  const assetChain = parsedAsset.value.chainId;
  const destinationChain = parsedDestination.value.chainId;
  if (!sameChain(assetChain, destinationChain)) {
    return {
      ok: false,
      field: "destination",
      error: `destination must be on the same chain as asset (${formatChainId(destinationChain)} vs ${formatChainId(assetChain)})`,
    };
  }
  return { ok: true, value: { asset: parsedAsset.value, destination: parsedDestination.value } };
}
