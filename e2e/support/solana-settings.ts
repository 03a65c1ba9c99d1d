import crypto from "node:crypto";
import { createKeyPairSignerFromPrivateKeyBytes, getBase58Decoder, getAddressEncoder } from "@solana/kit";
import { port } from "./settings";

// The suite's Solana test node (e2e/support/solana-node.ts) poses as mainnet, as the Hardhat node
// poses as Base: its genesis hash is mainnet's, so its CAIP-2 id is solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,
// and its USDC, USDT and EURC mints sit at their mainnet addresses (minted by the suite's authority).
export const localSolanaGenesisHash = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";
export const localSolanaChainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
export const solanaNodePort = port + 89;
export const solanaNodeRpc = `http://127.0.0.1:${solanaNodePort}`;

export const solanaTestMints = {
  USDC: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  USDT: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
  EURC: "HzwqbKZw8HxMN6bF2yFZNrht3c2iXXzpKcFu7uBEDKtr",
  /** A token Tollgate does not know, so not on the sponsorship allow-list. */
  TPESO: "TPesoZ7uKvdEWmYuJXSGcCHmA1LtdNUGDhKPXmVoQ2e",
} as const;

const seed = (label: string) => crypto.createHash("sha256").update(`tollgate-e2e solana ${label}`).digest();

/** The suite's mint authority (public test key, derived from a fixed seed). */
export const solanaMintAuthority = () => createKeyPairSignerFromPrivateKeyBytes(seed("mint authority"));

/** Tollgate's fee payer on the test node, as RELAYER_KEY_SOLANA_<reference> (base58, 64 bytes: seed and public key). */
export async function solanaRelayerSecret(): Promise<string> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed("relayer"));
  const bytes = new Uint8Array(64);
  bytes.set(seed("relayer"), 0);
  bytes.set(getAddressEncoder().encode(signer.address), 32);
  return getBase58Decoder().decode(bytes);
}

/** The fee payer's signer, to read its balance in tests. */
export const solanaRelayer = () => createKeyPairSignerFromPrivateKeyBytes(seed("relayer"));
