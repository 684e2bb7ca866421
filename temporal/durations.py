"""Normalizers for durations ("for three years"), sets ("every Monday") and vague references ("recently")."""
from __future__ import annotations

from datetime import date

from temporal import timex
from temporal.lexicon import SEASONS, WEEKDAYS, unit_of
from temporal.norm import Groups, Norm, duration_gran, low, unit_gran
from temporal.relative import anchored_duration, count_of, duration_value

_ANCHOR_BACK = ("the past", "the last", "the previous")
_ANCHOR_FWD = ("the next", "the coming", "the following")


def n_dur(g: Groups, ref: date, tense: str) -> Norm | None:
    unit = unit_of(low(g, "u"))
    n, fuzzy = count_of(g)
    pre = low(g, "pre")
    if n is None or fuzzy:
        value = timex.duration(None, unit)
        return Norm("DURATION", value, "duration", unit_gran(unit), None, None, 0.7)
    if pre.startswith(_ANCHOR_BACK):
        return anchored_duration(ref, n, unit, back=True, conf=0.85)
    if pre.startswith(_ANCHOR_FWD):
        return anchored_duration(ref, n, unit, back=False, conf=0.85)
    conf = 0.9 if (g.get("sig") or pre) else 0.85
    value = duration_value(n, unit)
    return Norm("DURATION", value, "duration", duration_gran(value), None, None, conf)


def n_durvague(g: Groups, ref: date, tense: str) -> Norm:
    unit = unit_of(low(g, "u")) if low(g, "u") != "ages" else "year"
    return Norm("DURATION", timex.duration(None, unit), "duration", unit_gran(unit), None, None, 0.6)


_ADVERBS = {"daily": ("P1D", "day"), "weekly": ("P1W", "week"), "monthly": ("P1M", "month"),
            "yearly": ("P1Y", "year"), "annually": ("P1Y", "year"), "nightly": ("XXXX-XX-XXTNI", "day"),
            "hourly": ("PT1H", "hour"), "biweekly": ("P2W", "week"), "fortnightly": ("P2W", "week")}
_POD_SET = {"morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI"}


def _every(unit: str, n: int) -> tuple[str, str] | None:
    u = unit.lower()
    if u in WEEKDAYS:
        return f"XXXX-WXX-{WEEKDAYS[u]}", "day"
    if u in SEASONS:
        return f"XXXX-{SEASONS[u]}", "season"
    if u in _POD_SET:
        return f"XXXX-XX-XXT{_POD_SET[u]}", "day"
    from temporal.lexicon import MONTHS
    if u in MONTHS:
        return f"XXXX-{MONTHS[u]:02d}", "month"
    if u == "weekend":
        return ("XXXX-WXX-WE", "week") if n == 1 else (f"P{n}WE", "week")
    if u in ("day", "week", "month", "year", "hour"):
        return timex.duration(n, u), unit_gran(u)
    return None


def n_set(g: Groups, ref: date, tense: str) -> Norm | None:
    if g.get("adv"):
        value, gran = _ADVERBS[low(g, "adv")]
    elif g.get("freq"):
        value, gran = timex.duration(1, low(g, "fu")), unit_gran(low(g, "fu"))
    elif g.get("pwd"):
        w = low(g, "pwd")[:-1]
        value, gran = ("XXXX-WXX-WE", "week") if w == "weekend" else (f"XXXX-WXX-{WEEKDAYS[w]}", "day")
    else:
        n_txt = low(g, "n")
        n = 1
        if n_txt:
            c, _ = count_of({"n": n_txt})
            n = int(c) if c else 1
            if n_txt in ("few", "couple of"):
                got = _every(low(g, "u"), 1)
                if not got or not got[0].startswith("P"):
                    return None
                return Norm("SET", got[0].replace("1", "X", 1), "recurring", got[1], None, None, 0.75)
        if g.get("other"):
            n *= 2
        got = _every(low(g, "u"), n)
        if not got:
            return None
        value, gran = got
    return Norm("SET", value, "recurring", gran, None, None, 0.85)


_VAGUE = {"recently": "PAST_REF", "lately": "PAST_REF", "the past": "PAST_REF",
          "the other day": "PAST_REF", "the other night": "PAST_REF", "the other week": "PAST_REF",
          "a while ago": "PAST_REF", "a while back": "PAST_REF", "a little while ago": "PAST_REF",
          "a little while back": "PAST_REF", "long ago": "PAST_REF", "a long time ago": "PAST_REF",
          "long time ago": "PAST_REF", "a long ago": "PAST_REF", "once upon a time": "PAST_REF",
          "nowadays": "PRESENT_REF", "these days": "PRESENT_REF", "currently": "PRESENT_REF",
          "right now": "PRESENT_REF", "now": "PRESENT_REF", "at the moment": "PRESENT_REF",
          "at present": "PRESENT_REF", "presently": "PRESENT_REF", "the future": "FUTURE_REF",
          "the near future": "FUTURE_REF", "the distant future": "FUTURE_REF", "someday": "FUTURE_REF",
          "one of these days": "FUTURE_REF", "any day now": "FUTURE_REF"}


def n_vague(g: Groups, ref: date, tense: str) -> Norm | None:
    value = _VAGUE.get(low(g, "w"))
    if value is None:
        return None
    return Norm("DATE", value, "vague", "unknown", None, None, 0.5)


HANDLERS = {"dur": n_dur, "durvague": n_durvague, "set_every": n_set, "set_adv": n_set, "set_freq": n_set,
            "set_pwd": n_set, "vague": n_vague}
