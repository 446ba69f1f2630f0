"""One registry of editions (companion/engine/editions.py) that the benchmark, the demo, the
setup page and the table read: each edition's rule id, the options it sets and its title."""
import pytest

from companion.engine.bench import EDITIONS as BENCH_EDITIONS
from companion.engine.editions import EDITION_OPTIONS, EDITIONS, edition, edition_of
from companion.engine.messages import MESSAGES
from companion.engine.option_info import OPTION_INFO
from companion.engine.options import HEADER_OMITS_WHEN_OFF, RuleOptions
from companion.errors import UserError
from companion.table import Setup


def test_every_edition_option_of_the_engine_has_its_editions_in_the_registry():
    """An edition option (left out of the log header while off) that no registry line sets
    could be played by the engine but chosen nowhere: the page, the demo and the table would
    not know it."""
    assert set(EDITION_OPTIONS) == set(HEADER_OMITS_WHEN_OFF)
    for entry in EDITIONS.values():
        assert entry.title.key in MESSAGES and str(entry.title)
        assert entry.rule in {info.rule for info in OPTION_INFO.values()} | {"D1"}
        assert edition_of(entry.rules()) is entry          # its options choose it, nothing else


def test_the_bench_plays_each_registered_edition_with_its_deck():
    assert set(BENCH_EDITIONS) == set(EDITIONS)
    assert BENCH_EDITIONS["junior"].deck.size == 56 and BENCH_EDITIONS["junior-level1"].deck.size == 40
    assert BENCH_EDITIONS["classic"] == RuleOptions()


def test_an_edition_keeps_the_hosts_other_choices_and_switches_the_last_edition_off():
    house = RuleOptions(uno_penalty=1, scoring="wins", target_wins=3, junior_level=1)
    junior = edition("junior").rules(house)
    assert (junior.junior_level, junior.uno_penalty, junior.target_wins) == (2, 1, 3)
    assert edition("classic").rules(house) == house.replace(junior_level=None)


def test_a_table_knows_its_edition_from_its_rules():
    assert Setup(players=("Ana", "Ben")).edition.name == "classic"
    assert Setup(players=("Ana", "Ben"), mode="flash").edition.name == "classic"   # a mode, not an edition


@pytest.mark.parametrize("name", ["flop", "", None, "Junior", 2])
def test_an_unknown_edition_is_refused_with_the_list_of_editions(name):
    with pytest.raises(UserError) as refused:
        edition(name)
    assert refused.value.args[0].key == "edition_unknown"
    assert "classic, junior-level1, junior" in str(refused.value)
