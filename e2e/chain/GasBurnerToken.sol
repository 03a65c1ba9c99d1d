// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TestAuthToken} from "./TestAuthToken.sol";

/// A token a merchant could deploy that looks gasless (EIP-3009's functions, an EIP-5267 domain)
/// but burns about 5 million gas in each transferWithAuthorization, as the one in the third attack run did.
contract GasBurnerToken is TestAuthToken {
    uint256[] private _ballast;

    constructor(string memory name_, string memory symbol_, uint256 supply) TestAuthToken(name_, symbol_, supply) {}

    function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) public override {
        for (uint256 i = 0; i < 220; i++) _ballast.push(i);
        super.transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s);
    }
}
