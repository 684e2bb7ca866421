from datetime import datetime, timedelta, timezone

import pytest

from models.episode import stable_id
from models.timeutil import from_ms, parse_timestamp, to_ms


@pytest.mark.parametrize("raw,expected", [
    ("2023-11-03T18:42:00+00:00", datetime(2023, 11, 3, 18, 42, tzinfo=timezone.utc)),
    ("2023-11-03T18:42:00Z", datetime(2023, 11, 3, 18, 42, tzinfo=timezone.utc)),
    ("2023-10-04T19:17:37-07:00", datetime(2023, 10, 5, 2, 17, 37, tzinfo=timezone.utc)),
    ("2024-01-05T09:00:00", datetime(2024, 1, 5, 9, tzinfo=timezone.utc)),
    (1710466200, datetime(2024, 3, 15, 1, 30, tzinfo=timezone.utc)),
    ("1710466200", datetime(2024, 3, 15, 1, 30, tzinfo=timezone.utc)),
    (1710466200000, datetime(2024, 3, 15, 1, 30, tzinfo=timezone.utc)),
])
def test_parse_timestamp_normalises_to_utc(raw, expected):
    assert parse_timestamp(raw) == expected


@pytest.mark.parametrize("raw", ["next tuesday-ish", "", None, True, [2024], float("nan")])
def test_parse_timestamp_rejects_non_times(raw):
    with pytest.raises(ValueError):
        parse_timestamp(raw)


def test_epoch_ms_round_trip_keeps_millisecond_precision():
    t = datetime(2024, 2, 29, 23, 59, 59, 123000, tzinfo=timezone.utc)
    assert from_ms(to_ms(t)) == t
    assert to_ms(t + timedelta(milliseconds=1)) - to_ms(t) == 1
    assert to_ms(None) is None and from_ms(None) is None


def test_stable_id_is_deterministic_and_input_sensitive():
    assert stable_id("g", "c", 1) == stable_id("g", "c", 1)
    assert stable_id("g", "c", 1) != stable_id("g2", "c", 1)
    assert stable_id("g", "c", 1) != stable_id("g", "c", 2)
