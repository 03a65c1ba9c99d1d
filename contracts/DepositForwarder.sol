// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// One payment's deposit address (a minimal-proxy clone of this contract made by DepositFactory).
/// Whatever it holds, any ERC-20 or the native coin, can only ever leave to `destination`, fixed
/// when the factory made it; anyone may call `sweep`, since it can send the money nowhere else.
contract DepositForwarder {
    using SafeERC20 for IERC20;

    /// The merchant's wallet: the only place this forwarder's funds can go.
    address public destination;

    error AlreadyInitialized();
    error NotDestination(address to);

    event Swept(address indexed token, address indexed destination, uint256 value);

    /// The implementation itself can never be initialized (only its clones are, once).
    constructor() {
        destination = address(0xdead);
    }

    /// Called by the factory in the transaction that creates the clone; never again.
    function initialize(address destination_) external {
        if (destination != address(0)) revert AlreadyInitialized();
        destination = destination_;
    }

    /// Moves the whole balance of `token` (address(0): the native coin) to the destination.
    function sweep(address token) public returns (uint256 value) {
        if (token == address(0)) {
            value = address(this).balance;
            if (value > 0) Address.sendValue(payable(destination), value);
        } else {
            value = IERC20(token).balanceOf(address(this));
            if (value > 0) IERC20(token).safeTransfer(destination, value);
        }
        emit Swept(token, destination, value);
    }

    /// The same as `sweep`, for a caller that names where it wants the money: refused unless that is the destination.
    function sweepTo(address token, address to) external returns (uint256) {
        if (to != destination) revert NotDestination(to);
        return sweep(token);
    }

    receive() external payable {}
}
