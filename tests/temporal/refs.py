"""Reference times used by the case tables (UTC)."""
from datetime import datetime, timezone

UTC = timezone.utc
REFS: dict[str, datetime] = {
    "R1": datetime(2023, 5, 25, 13, 14, tzinfo=UTC),   # Thursday
    "R2": datetime(2023, 7, 17, 14, 31, tzinfo=UTC),   # Monday
    "R3": datetime(2023, 6, 9, 19, 55, tzinfo=UTC),    # Friday
    "R4": datetime(2023, 10, 22, 9, 55, tzinfo=UTC),   # Sunday
    "R5": datetime(2023, 7, 15, 13, 51, tzinfo=UTC),   # Saturday
    "R6": datetime(2023, 9, 13, 0, 9, tzinfo=UTC),     # Wednesday, just after midnight
    "R7": datetime(2023, 10, 20, 18, 55, tzinfo=UTC),  # Friday
    "R8": datetime(2023, 7, 12, 16, 33, tzinfo=UTC),   # Wednesday
    "R9": datetime(2023, 3, 16, 14, 35, tzinfo=UTC),   # Thursday
    "R10": datetime(2023, 1, 20, 16, 4, tzinfo=UTC),   # Friday
    "R11": datetime(2023, 7, 9, 13, 25, tzinfo=UTC),   # Sunday
    "R12": datetime(2023, 8, 14, 14, 24, tzinfo=UTC),  # Monday
    "R13": datetime(2023, 8, 23, 15, 31, tzinfo=UTC),  # Wednesday
    "R14": datetime(2023, 10, 13, 10, 31, tzinfo=UTC), # Friday
    "D1": datetime(1998, 2, 25, 12, 0, tzinfo=UTC),    # Wednesday (news document date)
    "D2": datetime(2013, 3, 13, 12, 0, tzinfo=UTC),    # Wednesday
    "D3": datetime(1998, 10, 30, 12, 0, tzinfo=UTC),   # Friday
}
