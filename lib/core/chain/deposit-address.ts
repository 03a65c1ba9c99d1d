import {
  concatHex,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  keccak256,
  stringToHex,
  type Address,
  type Hex,
} from "viem";

// Where a payment's deposit address is, computed off-chain exactly as contracts/DepositFactory.sol
// deploys it: an EIP-1167 minimal proxy of the factory's forwarder implementation (OpenZeppelin's
// Clones, the standard 55-byte creation code), CREATE2 from the factory with the salt
// keccak256(abi.encode(destination, keccak256(paymentId))). The destination is in the salt, so the
// address is this payment's for this wallet only.

/** The salt Tollgate gives the factory for a payment: keccak256 of its id. */
export const depositSalt = (paymentId: string): Hex => keccak256(stringToHex(paymentId));

/** EIP-1167's creation code for a proxy of `implementation` (what Clones.cloneDeterministic deploys). */
export const minimalProxyCode = (implementation: Address): Hex =>
  concatHex([
    "0x3d602d80600a3d3981f3363d3d373d3d3d363d73",
    implementation.toLowerCase() as Hex,
    "0x5af43d82803e903d91602b57fd5bf3",
  ]);

/** The forwarder's address for this factory, implementation, destination wallet and salt (EIP-55). */
export function predictDepositAddress(input: {
  factory: Address;
  implementation: Address;
  destination: Address;
  salt: Hex;
}): Address {
  return getAddress(
    getContractAddress({
      opcode: "CREATE2",
      from: input.factory,
      salt: keccak256(
        encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [input.destination, input.salt]),
      ),
      bytecode: minimalProxyCode(input.implementation),
    }),
  );
}
