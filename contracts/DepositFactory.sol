// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {DepositForwarder} from "./DepositForwarder.sol";

/// Makes per-payment deposit addresses: EIP-1167 clones of one DepositForwarder at CREATE2 addresses
/// derived from the destination and a salt (Tollgate's: keccak256 of the payment id). The address
/// commits to the destination, so deploying "the same" salt for another destination makes another
/// address: nobody can claim a payment's deposit address for a wallet of their own.
contract DepositFactory {
    address public immutable implementation;

    event Deployed(address indexed forwarder, address indexed destination, bytes32 salt);

    constructor() {
        implementation = address(new DepositForwarder());
    }

    /// Where the forwarder for `destination` and `salt` lives (deployed or not).
    function predict(address destination, bytes32 salt) public view returns (address) {
        return Clones.predictDeterministicAddress(implementation, _salt(destination, salt));
    }

    /// Deploys the forwarder (if it is not there yet) and sweeps each of `tokens` (address(0): the native coin) to `destination`.
    function deployAndSweep(address destination, bytes32 salt, address[] calldata tokens) external returns (address forwarder) {
        forwarder = predict(destination, salt);
        if (forwarder.code.length == 0) {
            Clones.cloneDeterministic(implementation, _salt(destination, salt));
            DepositForwarder(payable(forwarder)).initialize(destination);
            emit Deployed(forwarder, destination, salt);
        }
        for (uint256 i = 0; i < tokens.length; i++) DepositForwarder(payable(forwarder)).sweep(tokens[i]);
    }

    function _salt(address destination, bytes32 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(destination, salt));
    }
}
