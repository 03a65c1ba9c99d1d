// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Behaves as Tether's USDT does on Ethereum where it matters to payments: 6 decimals, no permit,
/// no EIP-3009, and `approve` of a new non-zero allowance reverts unless the current one is 0.
contract TestTetherToken is ERC20 {
    constructor(uint256 supply) ERC20("Test Tether USD", "tUSDT") {
        _mint(msg.sender, supply);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function approve(address spender, uint256 value) public override returns (bool) {
        require(value == 0 || allowance(msg.sender, spender) == 0, "approve from non-zero to non-zero allowance");
        return super.approve(spender, value);
    }
}
