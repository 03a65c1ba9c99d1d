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

    /// One forwarder to deploy (if it is not there yet) and sweep: its destination, salt and tokens (address(0): the native coin).
    struct Sweep {
        address destination;
        bytes32 salt;
        address[] tokens;
    }

    /// Deploys the forwarder (if it is not there yet) and sweeps each of `tokens` (address(0): the native coin) to `destination`.
    function deployAndSweep(address destination, bytes32 salt, address[] calldata tokens) external returns (address) {
        return _deployAndSweep(destination, salt, tokens);
    }

    /// `deployAndSweep` for many forwarders in one transaction. Each item's forwarder is the one its
    /// own destination and salt make, so a batch can only pay each forwarder's own destination.
    function deployAndSweepMany(Sweep[] calldata sweeps) external {
        for (uint256 i = 0; i < sweeps.length; i++) _deployAndSweep(sweeps[i].destination, sweeps[i].salt, sweeps[i].tokens);
    }

    function _deployAndSweep(address destination, bytes32 salt, address[] calldata tokens) private returns (address forwarder) {
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
