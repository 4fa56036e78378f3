"""A refused record is worded from what is wrong and where, found by walking its type
over the data: never a library's English, the first problem the reader met, the same
from JSON as from plain data, and a pydantic model's errors in the same words."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import msgspec
import pydantic
import pytest

from banker.core import commands as c
from banker.core.edition import Edition, load_edition
from banker.core.problems import from_pydantic
from banker.core.record import RecordError, ValidationError, problem_at
from banker.core.rules import HouseRules
from banker.i18n import translator

LIBRARY_ENGLISH = ("Expected", "Invalid enum", "Object ", "`", "$.", "[...]")


def refusal(cls: Any, data: object) -> str:
    with pytest.raises(ValidationError) as caught:
        cls.load(data)
    assert isinstance(caught.value, RecordError)
    return problem_at(caught.value)


def edition() -> dict[str, Any]:
    return load_edition("us").to_data()


def test_each_kind_of_problem_in_the_records_words() -> None:
    data = edition()
    data["deeds"][21]["price"] = 0
    assert refusal(Edition, data) == "deeds.21.price: must be 1 or more"
    data = edition()
    del data["deeds"][3]["name"]
    assert refusal(Edition, data) == "deeds.3.name: required, and missing"
    data = edition()
    data["cards"][2]["colour"] = "red"
    assert refusal(Edition, data) == "cards.2.colour: not a field it can have"
    data = edition()
    data["salary"] = "200"
    assert refusal(Edition, data) == "salary: must be a whole number, not text"
    data["salary"] = True  # strict: true is not 1
    assert refusal(Edition, data) == "salary: must be a whole number, not true or false"
    data = edition()
    data["deeds"][5]["kind"] = "castle"
    assert refusal(Edition, data) == "deeds.5.kind: must be one of street, railroad, utility"
    data = edition()
    data["groups"][0]["colour"] = "brown"
    said = refusal(Edition, data)
    assert said.startswith("groups.0.colour: must be written in the form ")
    data = edition()
    data["deeds"][2]["rent"] = {"a": 1}
    assert refusal(Edition, data) == "deeds.2.rent: must be a list, not a table"
    assert refusal(HouseRules, {"deal_deeds": 1.5}) == (
        "deal_deeds: must be a whole number or text, not a decimal number"
    )
    assert refusal(HouseRules, {"salary": 10**10}) == "salary: must be 1000000000 or less"
    assert refusal(c.Setup, {"verb": "setup", "players": ["Ann"], "edition": []}) == (
        "edition: must be a table, not a list"
    )


def test_a_records_own_check_says_its_own_words_where_it_is() -> None:
    data = edition()
    data["deeds"][4]["name"] = "go"  # a word of the command language
    said = refusal(Edition, data)
    assert said == "deeds.4.name: 'go' is a word of the command language"


def test_the_first_problem_is_the_one_the_reader_met() -> None:
    """Fields in the order they are written, then what is missing, then the own check."""
    data = edition()
    del data["name"]
    data["deeds"][0]["price"] = -5
    assert refusal(Edition, data) == "deeds.0.price: must be 1 or more"
    data = {"salary": 0, "bogus": 1}
    assert refusal(HouseRules, data) == "salary: must be 1 or more"
    assert refusal(HouseRules, {"bogus": 1, "salary": 0}) == "bogus: not a field it can have"


def test_the_same_words_from_json_as_from_plain_data_and_in_every_language() -> None:
    data = edition()
    data["deeds"][7]["price"] = None
    with pytest.raises(RecordError) as from_json:
        Edition.load_json(json.dumps(data))
    assert problem_at(from_json.value) == refusal(Edition, data)
    malay = from_json.value.problem.words().render(translator("ms"))
    ms = translator("ms")
    assert "deeds.7.price" in malay
    assert malay.endswith(f"mesti {ms('a whole number')}, bukan {ms('nothing')}")


@pytest.mark.parametrize("seed", range(4))
def test_no_refusal_says_a_librarys_english(seed: int) -> None:
    """Editions and house rules broken at random: whatever the reader refuses is refused
    in the records' own words, naming a place the data has (or the field it lacks)."""
    rnd = random.Random(seed)
    values = [0, -1, "", "x", None, True, 1.5, [], {}, [1], {"a": 1}, 10**13, "#12345g"]
    samples: list[tuple[Any, dict[str, Any]]] = [
        (Edition, edition()),
        (HouseRules, HouseRules().to_data()),
    ]
    refused = 0
    for cls, good in samples:
        places = list(_places(good))
        for _ in range(300):
            data = copy.deepcopy(good)
            where = rnd.choice(places)
            parent: Any = data
            for key in where[:-1]:
                parent = parent[key]
            choice = rnd.random()
            if choice < 0.15 and isinstance(parent, dict):
                del parent[where[-1]]
            elif choice < 0.25 and isinstance(parent, dict):
                parent["bogus"] = 1
            else:
                parent[where[-1]] = rnd.choice(values)
            try:
                msgspec.convert(data, cls)
            except msgspec.ValidationError:
                said = refusal(cls, data)
                refused += 1
                assert not any(english in said for english in LIBRARY_ENGLISH), said
    assert refused > 100  # the breakages reached the reader


def _places(data: object, where: tuple[Any, ...] = ()) -> Any:
    if where:
        yield where
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        yield from _places(value, (*where, key))


def test_a_pydantic_models_errors_in_the_same_words() -> None:
    class Row(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(extra="forbid", strict=True)
        worth: int = pydantic.Field(ge=0, le=1000)
        name: str = pydantic.Field(min_length=1)

    def said(data: dict[str, Any]) -> str:
        with pytest.raises(pydantic.ValidationError) as caught:
            Row.model_validate(data)
        return from_pydantic(caught.value.errors()[0]).words().render()

    assert said({"worth": -1, "name": "A"}) == "worth: must be 0 or more"
    assert said({"worth": 5000, "name": "A"}) == "worth: must be 1000 or less"
    assert said({"worth": "5", "name": "A"}) == "worth: must be a whole number, not text"
    assert said({"name": "A"}) == "worth: required, and missing"
    assert said({"worth": 1, "name": ""}) == "name: must be at least 1 long"
    assert said({"worth": 1, "name": "A", "x": 1}) == "x: not a field it can have"


def test_a_field_name_from_the_file_is_said_bounded() -> None:
    said = refusal(HouseRules, {"x" * 5000: 1})
    assert said.endswith("…: not a field it can have") and len(said) < 100
