// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// Tollgate's collector: gasless payments in any ERC-20. A buyer allows this contract to spend a
/// token once (an `approve` transaction, or a signed EIP-2612 `permit` submitted with the first
/// payment); every payment after that is one EIP-712 signature over exactly what it pays (the
/// payment id, the token, the amount and the merchant's destination, with a nonce and a deadline).
/// Anyone may submit the signature (Tollgate's relayer pays the gas); the contract can only move
/// the signed amount of the signed token from the signer to the signed destination, once. It has
/// no owner, no upgrade, no way to receive ether and nothing to withdraw: it never holds funds.
contract TollgateCollector is EIP712 {
    using SafeERC20 for IERC20;

    struct Payment {
        string paymentId;
        address token;
        uint256 amount;
        address destination;
        bytes32 nonce;
        uint256 deadline;
    }

    bytes32 public constant PAYMENT_TYPEHASH =
        keccak256(
            "Payment(string paymentId,address token,uint256 amount,address destination,bytes32 nonce,uint256 deadline)"
        );

    /// Whether a payer's nonce was used (each signature pays once).
    mapping(address payer => mapping(bytes32 nonce => bool)) public nonceUsed;

    event Collected(
        address indexed payer,
        address indexed token,
        address indexed destination,
        uint256 amount,
        string paymentId,
        bytes32 nonce
    );

    error PaymentExpired();
    error NonceAlreadyUsed();
    error InvalidSignature();

    constructor() EIP712("Tollgate Collector", "1") {}

    /// Moves `payment.amount` of `payment.token` from `payer` to `payment.destination`, as `payer` signed.
    function collect(address payer, Payment calldata payment, bytes calldata signature) public {
        if (block.timestamp > payment.deadline) revert PaymentExpired();
        if (nonceUsed[payer][payment.nonce]) revert NonceAlreadyUsed();
        bytes32 digest = _hashTypedDataV4(
            keccak256(
                abi.encode(
                    PAYMENT_TYPEHASH,
                    keccak256(bytes(payment.paymentId)),
                    payment.token,
                    payment.amount,
                    payment.destination,
                    payment.nonce,
                    payment.deadline
                )
            )
        );
        if (!SignatureChecker.isValidSignatureNowCalldata(payer, digest, signature)) revert InvalidSignature();
        nonceUsed[payer][payment.nonce] = true;
        emit Collected(payer, payment.token, payment.destination, payment.amount, payment.paymentId, payment.nonce);
        IERC20(payment.token).safeTransferFrom(payer, payment.destination, payment.amount);
    }

    /// `collect`, after submitting the payer's EIP-2612 permit for this contract. A permit someone
    /// else submitted first leaves its allowance in place, so its failure alone does not stop the payment.
    function collectWithPermit(
        address payer,
        Payment calldata payment,
        bytes calldata signature,
        uint256 permitValue,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        try IERC20Permit(payment.token).permit(payer, address(this), permitValue, permitDeadline, v, r, s) {} catch {}
        collect(payer, payment, signature);
    }
}
