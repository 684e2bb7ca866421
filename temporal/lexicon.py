"""Word lists of the temporal engine: numbers, ordinals, months, weekdays, seasons, units, holidays.

Everything here is data plus tiny lookups; the regex fragments built from it live in `detector`.
"""
from __future__ import annotations

import re

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
}
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
UNITS_1_9 = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

# Quantifiers that stand for a number but are not one: value = the count used when a single
# number is needed, plus an honest (low, high) range for interval building.
FUZZY_COUNTS: dict[str, tuple[int, int, int]] = {
    "a couple of": (2, 2, 3), "a couple": (2, 2, 3), "couple of": (2, 2, 3),
    "a few": (3, 2, 5), "few": (3, 2, 5), "several": (4, 3, 7),
}

ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}
for _u, _n in (("first", 1), ("second", 2), ("third", 3), ("fourth", 4), ("fifth", 5),
               ("sixth", 6), ("seventh", 7), ("eighth", 8), ("ninth", 9)):
    ORDINAL_WORDS[f"twenty-{_u}"] = 20 + _n
    ORDINAL_WORDS[f"twenty {_u}"] = 20 + _n
ORDINAL_WORDS["thirty-first"] = ORDINAL_WORDS["thirty first"] = 31

MONTHS: dict[str, int] = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}
WEEKDAYS: dict[str, int] = {  # ISO: Monday = 1
    "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
    "sunday": 7, "mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4,
    "fri": 5, "sat": 6, "sun": 7,
}
SEASONS: dict[str, str] = {"spring": "SP", "summer": "SU", "fall": "FA", "autumn": "FA", "winter": "WI"}
QUARTER_WORDS: dict[str, int] = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1,
                                 "2nd": 2, "3rd": 3, "4th": 4, "last": 4, "final": 4}

# TIMEX3 part-of-day codes and the local hours they cover (end may pass midnight: 24+).
PARTS_OF_DAY: dict[str, tuple[str, int, int]] = {
    "morning": ("MO", 6, 12), "afternoon": ("AF", 12, 18), "evening": ("EV", 18, 24),
    "night": ("NI", 21, 30), "tonight": ("NI", 21, 30), "noon": ("MI", 12, 13),
}

UNIT_CODES: dict[str, str] = {
    "second": "S", "sec": "S", "minute": "M", "min": "M", "hour": "H", "hr": "H", "day": "D",
    "week": "W", "weekend": "WE", "fortnight": "2W", "month": "M", "year": "Y", "yr": "Y",
    "decade": "DE", "century": "CE",
}
TIME_UNITS = frozenset({"second", "sec", "minute", "min", "hour", "hr"})


def unit_of(word: str) -> str:
    """'Weeks' / 'yrs' / 'months' -> canonical singular unit name ('week', 'year', 'month')."""
    w = word.lower().rstrip(".")
    if w.endswith("ies"):  # centuries
        w = w[:-3] + "y"
    elif w.endswith("s") and w[:-1] in UNIT_CODES:
        w = w[:-1]
    return {"sec": "second", "min": "minute", "hr": "hour", "yr": "year"}.get(w, w)


_NUM_SPLIT = re.compile(r"[\s-]+")


def parse_number(text: str) -> int | None:
    """'25' / 'twenty-five' / 'a' / 'an' / 'one hundred' -> int; None when not a number."""
    t = text.strip().lower()
    if t.isdigit():
        return int(t)
    if t in ("a", "an", "one single", "a single"):
        return 1
    if t in FUZZY_COUNTS:
        return FUZZY_COUNTS[t][0]
    total = 0
    seen = False
    for part in _NUM_SPLIT.split(t):
        if part == "and":
            continue
        if part == "hundred":
            total = max(total, 1) * 100
        elif part in NUMBER_WORDS:
            total += NUMBER_WORDS[part]
        else:
            return None
        seen = True
    return total if seen else None


def parse_ordinal(text: str) -> int | None:
    """'8th' / 'eighth' / 'twenty-first' / '8' -> 8..31; None otherwise."""
    t = text.strip().lower()
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", t)
    if m:
        return int(m.group(1))
    return ORDINAL_WORDS.get(t)


# Fixed-date holidays (month, day) and rule-based ones computed in `normalizer`.
FIXED_HOLIDAYS: dict[str, tuple[int, int]] = {
    "christmas": (12, 25), "christmas day": (12, 25), "christmas eve": (12, 24),
    "new year's eve": (12, 31), "new years eve": (12, 31), "new year's day": (1, 1),
    "new years day": (1, 1), "new year's": (1, 1), "halloween": (10, 31),
    "valentine's day": (2, 14), "valentines day": (2, 14), "independence day": (7, 4),
    "the fourth of july": (7, 4), "fourth of july": (7, 4), "st. patrick's day": (3, 17),
    "st patrick's day": (3, 17), "saint patrick's day": (3, 17),
}
RULE_HOLIDAYS = frozenset({"thanksgiving", "easter", "mother's day", "father's day",
                           "memorial day", "labor day", "labour day", "easter sunday"})
