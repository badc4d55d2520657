"""A shared place in a game is rated fairly: co-winners above the seat below them."""

from __future__ import annotations

from scoring.services.ratings import MODEL, rate_with_ties


def fresh(n: int) -> list:
    return [MODEL.rating() for _ in range(n)]


def test_co_winners_rate_above_the_third_place_and_alike():
    ada, ben, cleo, dev = rate_with_ties(fresh(4), [4, 1, 3, 1])
    assert ben.mu == dev.mu and ben.sigma == dev.sigma
    assert ben.ordinal() > cleo.ordinal() > ada.ordinal()


def test_a_tie_sits_between_the_two_orders_that_would_break_it():
    tied = rate_with_ties(fresh(4), [4, 1, 3, 1])
    first = [t[0] for t in MODEL.rate([[r] for r in fresh(4)], ranks=[4, 1, 3, 2])]
    second = [t[0] for t in MODEL.rate([[r] for r in fresh(4)], ranks=[4, 2, 3, 1])]
    assert tied[1].mu == (first[1].mu + second[1].mu) / 2
    assert min(first[1].mu, first[3].mu) < tied[1].mu < max(first[1].mu, first[3].mu)


def test_a_game_without_ties_is_rated_as_openskill_rates_it():
    plain = [t[0] for t in MODEL.rate([[r] for r in fresh(4)], ranks=[2, 1, 4, 3])]
    assert [r.mu for r in rate_with_ties(fresh(4), [2, 1, 4, 3])] == [r.mu for r in plain]
