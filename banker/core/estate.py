"""The estate of a player bankrupt to several creditors (or to the Free Parking pot): the
money to share, and the shares, as RULES.md "Several creditors at once" sets them."""

from __future__ import annotations

from banker.core.money import Money
from banker.core.state import Claim, GameState
from banker.i18n.message import Message, joined, msg


def share_out(pool: Money, claims: list[Claim]) -> tuple[list[Money], Money]:
    """Share `pool` among the claims in proportion to each, each at most its claim, rounded
    down; the odd units one each in the claims' order; what is left over, to the bank.

    Returns each claim's share and the bank's rest."""
    total = sum(c.amount for c in claims)
    if pool >= total:
        return [c.amount for c in claims], pool - total
    shares = [pool * c.amount // total for c in claims]
    odd = pool - sum(shares)
    for i in range(odd):
        shares[i] += 1
    return shares, 0


def creditors_word(claims: list[Claim]) -> Message:
    return msg("{who}", who=joined([_claimant(c) for c in claims]))


def _claimant(claim: Claim) -> Message | str:
    if claim.creditor is not None:
        return claim.creditor
    return msg("the Free Parking pot") if claim.to_pot else msg("the bank")


def pay_estate(state: GameState) -> Message:
    """Share a bankrupt's estate among the creditors and close it; the receipt's words."""
    estate = state.estate
    assert estate is not None
    shares, rest = share_out(estate.pool, estate.claims)
    parts: list[Message] = []
    for claim, amount in zip(estate.claims, shares, strict=True):
        if claim.creditor is not None:
            state.player(claim.creditor).cash += amount
        elif claim.to_pot:
            state.bank.free_parking += amount
        else:
            state.bank.issued -= amount
        parts.append(
            msg(
                "{who} {amount} of {owed}",
                who=_claimant(claim),
                amount=state.money(amount),
                owed=state.money(claim.amount),
            )
        )
    state.bank.issued -= rest
    if rest:
        parts.append(msg("{amount} left over to the bank", amount=state.money(rest)))
    state.estate = None
    return msg(
        "{p}'s {pool} shared: {parts}",
        p=estate.debtor,
        pool=state.money(estate.pool),
        parts=joined(parts, "; "),
    )
