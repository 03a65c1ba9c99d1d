// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// An ERC-20 with EIP-2612 permit and no EIP-3009 (as AUSD, EURe or PYUSD may be), 18 decimals.
contract TestPermitToken is ERC20, ERC20Permit {
    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_) ERC20Permit(name_) {
        _mint(msg.sender, supply);
    }
}
