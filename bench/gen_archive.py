"""Generate a large synthetic conversation archive for benchmarks.

    python bench/gen_archive.py --turns 20000 --out /tmp/archive_20k.jsonl \
        [--seed 7] [--conversations 200] [--format jsonl|parquet|csv]

Deterministic: the same arguments give the same bytes. Each conversation is between two people
drawn from a fixed cast; every person carries a small world state (employer, city, partner...)
that changes over time, so the archive contains job changes, moves, plans and events stated in
first-person surface forms (see data/SCHEMA.md), mixed with small talk and relative time
expressions. Timestamps increase within each conversation and span about two years.

jsonl is written with the standard library; parquet and csv need polars (imported lazily). In
parquet/csv files `timestamp` is always an ISO 8601 string and `metadata` a JSON-encoded string;
jsonl rows also use "Z", numeric offsets and (about 3%) epoch-second integers.
"""
from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

FIRST = ["Maya", "Jordan", "Priya", "Omar", "Elena", "Kenji", "Amara", "Lucas", "Sofia", "Tariq",
         "Hannah", "Mateo", "Ingrid", "Kwame", "Leila", "Dmitri", "Rosa", "Felix", "Nadia", "Theo",
         "Yara", "Caleb", "Mina", "Rafael", "Greta", "Isaac", "Zainab", "Oscar", "Lena", "Victor"]
ORGS = ["Northwind Labs", "Bluepeak Analytics", "Summit Trail Co", "Ridgeline Bikes",
        "Harbor Health", "Copperleaf Foods", "Lantern Robotics", "Meridian Bank", "Orchid Media",
        "Granite Systems", "Silverline Logistics", "Maple & Oak Design", "Tidewater Energy",
        "Quill Publishing", "Beacon Hospital", "Evergreen Schools", "Falcon Freight",
        "Juniper Software", "Cobalt Studios", "Riverstone Insurance"]
CITIES = ["Portland", "Denver", "Seattle", "Boston", "Chicago", "Austin", "Toronto", "Lisbon",
          "Berlin", "Melbourne", "Oakland", "Minneapolis", "Atlanta", "Vancouver", "Dublin",
          "Montreal", "Phoenix", "Pittsburgh", "Nashville", "Madrid"]
TRIPS = ["Kyoto", "Lisbon", "Mexico City", "Reykjavik", "Barcelona", "Vienna", "Seoul", "Lima",
         "Marrakesh", "Copenhagen", "Hanoi", "Cape Town", "Edinburgh", "Oaxaca", "Bali"]
SCHOOLS = ["Lakeshore University", "the University of Washington", "Reed College",
           "Hillcrest Community College", "Northgate Institute", "Westbrook University"]
LIKES = ["hiking", "jazz", "pottery", "rock climbing", "board games", "baking sourdough",
         "trail running", "birdwatching", "salsa dancing", "vinyl records", "chess", "kayaking",
         "sci-fi novels", "gardening", "cycling", "karaoke", "photography", "yoga"]
HATES = ["crunch weeks", "early mornings", "traffic", "cilantro", "group chats", "humidity",
         "long meetings", "flying", "winter darkness", "loud restaurants"]
EVENTS = ["the Lumen Festival", "the Harvest Fair", "a Riverside Jazz night", "the Glow Run",
          "the Night Market", "a Comic Con", "the Spring Food Fest", "the Winter Lights parade"]
PETS = ["Biscuit", "Pepper", "Mochi", "Ziggy", "Luna", "Bruno", "Olive", "Noodle", "Rocket"]
KIN = ["sister", "brother", "cousin", "best friend", "roommate"]
CLASSES = ["a pottery class", "a climbing course", "a Spanish class", "a cooking class",
           "a photography workshop", "a sailing course", "a woodworking class"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
PAST = ["yesterday", "last week", "two weekends ago", "last Saturday", "a few days ago",
        "the week before last", "last weekend", "on Sunday", "last month", "last Friday"]
FUTURE = ["next month", "next week", "next weekend", "in two weeks", "this summer",
          "after the holidays", "on Saturday", "tomorrow"]
LONG_AGO = ["10 years ago", "last summer", "back in {year}", "in {year}", "a couple of years ago"]

SMALL_TALK = [
    "Hey! How's your week going?", "Ha, that's hilarious.", "Ugh, same.", "No way, really?",
    "That sounds lovely honestly.", "How's the weather over there?", "I need more coffee.",
    "Talk soon!", "Send pictures!", "Wait, tell me everything.", "Honestly, fair.",
    "Haha, classic.", "Sorry, crazy day, just seeing this.", "That's amazing, congrats!",
    "Ok, I'm heading to bed. Night!", "Did you watch the game?", "Oof. Hang in there.",
    "Good morning!", "What are you up to this weekend?", "Miss you, let's catch up properly soon.",
    "I can't believe it's already {month}.", "Same to you!", "Lol, typical.",
    "Let me know how it goes.", "We should really call this week.",
]


class Person:
    """A cast member whose employer and city change at fixed times, so every statement made
    about them is true at the moment it is said, whatever order the conversations come in."""

    def __init__(self, rng: random.Random, name: str, start: datetime, span_s: float):
        self.name = name
        self.jobs = self._timeline(rng, ORGS, start, span_s)
        self.homes = self._timeline(rng, CITIES, start, span_s)
        self.school = rng.choice(SCHOOLS)
        self.likes = rng.sample(LIKES, 3)
        self.kin = (rng.choice(KIN), rng.choice(FIRST), rng.choice(CITIES))
        self.partner = rng.choice([n for n in FIRST if n != name])
        self.pet = rng.choice(PETS)

    @staticmethod
    def _timeline(rng, pool, start, span_s):
        picks = rng.sample(pool, rng.randint(2, 3))
        times = sorted(start + timedelta(seconds=rng.uniform(0.1, 0.9) * span_s)
                       for _ in picks[1:])
        return [(start - timedelta(days=3650), picks[0])] + list(zip(times, picks[1:]))

    @staticmethod
    def at(timeline, t: datetime):
        """(current, previous, since) for time t."""
        i = max(k for k, (since, _) in enumerate(timeline) if since <= t)
        return timeline[i][1], (timeline[i - 1][1] if i else None), timeline[i][0]


def fact_sentence(rng: random.Random, p: Person, now: datetime) -> str:
    kind = rng.choices(
        ["work", "job_change", "live", "move", "study", "like", "hate", "event", "trip", "race",
         "pet", "married", "plan_trip", "plan_class", "kin", "dating", "past_city"],
        weights=[5, 6, 4, 5, 3, 6, 2, 6, 5, 2, 1, 1, 5, 3, 3, 1, 2])[0]
    year = now.year - rng.randint(3, 12)
    org, old_org, org_since = Person.at(p.jobs, now)
    city, old_city, city_since = Person.at(p.homes, now)
    if kind == "job_change" and old_org and now - org_since < timedelta(days=60):
        return rng.choice([f"I just started working at {org}! I left {old_org} {rng.choice(PAST)}.",
                           f"I quit my job at {old_org}. I got a job at {org}.",
                           f"I joined {org} last month, after I left {old_org}."])
    if kind in ("work", "job_change"):
        return f"I work at {org}, {rng.choice(['still', 'for now', 'and it is busy', 'no complaints'])}."
    if kind == "move" and old_city and now - city_since < timedelta(days=60):
        return rng.choice([f"I moved to {city} {rng.choice(PAST)}.",
                           f"We just moved to {city}, boxes everywhere.",
                           f"I moved to {city} in {MONTHS[city_since.month - 1]}."])
    if kind in ("live", "move"):
        return f"I live in {city}, {rng.choice(['love it here', 'it is fine', 'rent is wild'])}."
    if kind == "study":
        return rng.choice([f"I'm studying at {p.school} part-time.",
                           f"I graduated from {p.school} in {year}."])
    if kind == "like":
        verb = rng.choice(["I love", "I really like", "I enjoy"])
        return f"{verb} {rng.choice(p.likes)}."
    if kind == "hate":
        return f"I hate {rng.choice(HATES)}."
    if kind == "event":
        return f"I went to {rng.choice(EVENTS)} {rng.choice(PAST)}."
    if kind == "trip":
        return f"I visited {rng.choice(TRIPS)} {rng.choice(PAST)}."
    if kind == "race":
        return f"I ran a half marathon {rng.choice(PAST)}."
    if kind == "pet":
        return f"I adopted a dog named {p.pet} {rng.choice(PAST)}."
    if kind == "married":
        return f"I got married in {rng.choice(MONTHS)} {year}, to {p.partner}."
    if kind == "plan_trip":
        return f"I'm planning to visit {rng.choice(TRIPS)} {rng.choice(FUTURE)}."
    if kind == "plan_class":
        return f"I'm going to take {rng.choice(CLASSES)} in {rng.choice(MONTHS)}."
    if kind == "kin":
        rel, name, city = p.kin
        return f"My {rel} {name} lives in {city}."
    if kind == "dating":
        return f"I'm dating {p.partner}."
    when = rng.choice(LONG_AGO).format(year=year)
    return f"{when[0].upper()}{when[1:]} I lived in {rng.choice(CITIES)}."  # past_city


def small_talk(rng: random.Random, now: datetime) -> str:
    return rng.choice(SMALL_TALK).format(month=MONTHS[now.month - 1])


def fmt_ts(rng: random.Random, t: datetime, as_epoch_ok: bool):
    r = rng.random()
    if as_epoch_ok and r < 0.03:
        return int(t.timestamp())
    if r < 0.45:
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    if r < 0.75:
        return t.isoformat()
    off = timedelta(hours=rng.choice([-8, -7, -6, -5, -4, 1, 2, 9]))
    return t.astimezone(timezone(off)).isoformat()


def generate(turns: int, conversations: int, seed: int, epoch_ok: bool = True) -> list[dict]:
    rng = random.Random(seed)
    conversations = max(1, min(conversations, turns))
    start = datetime(2022, 7, 1, tzinfo=timezone.utc)
    span = timedelta(days=730).total_seconds()
    cast = [Person(rng, n, start, span) for n in FIRST]
    base, extra = divmod(turns, conversations)
    rows: list[tuple[datetime, int, int, dict]] = []
    for c in range(conversations):
        n = base + (1 if c < extra else 0)
        a, b = rng.sample(cast, 2)
        conv_id = f"conv-{c:04d}-{a.name.lower()}-{b.name.lower()}"
        sizes = []
        while sum(sizes) < n:
            sizes.append(min(rng.randint(10, 25), n - sum(sizes)))
        starts = sorted(rng.uniform(0, span) for _ in sizes)
        t = start
        turn = 0
        for session, (size, s) in enumerate(zip(sizes, starts)):
            t = max(start + timedelta(seconds=s), t + timedelta(hours=6))
            t = t.replace(microsecond=0)
            channel = rng.choice(["chat", "chat", "sms", "email"])
            for i in range(size):
                if i:
                    t += timedelta(seconds=rng.randint(20, 400))
                speaker = (a, b)[i % 2] if rng.random() < 0.85 else (b, a)[i % 2]
                content = (fact_sentence(rng, speaker, t) if rng.random() < 0.45
                           else small_talk(rng, t))
                if rng.random() < 0.25:
                    content = f"{small_talk(rng, t)} {content}"
                row = {"conversation_id": conv_id, "turn": turn, "speaker": speaker.name,
                       "content": content, "timestamp": fmt_ts(rng, t, epoch_ok)}
                if rng.random() < 0.5:
                    row["metadata"] = {"channel": channel, "session": session}
                rows.append((t, c, turn, row))
                turn += 1
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    return [r[3] for r in rows]


def write(rows: list[dict], out: Path, fmt: str) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "jsonl":
        with out.open("w", encoding="utf-8", newline="\n") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        return
    import polars as pl  # only needed for columnar formats

    cols = {
        "conversation_id": [r["conversation_id"] for r in rows],
        "turn": [r["turn"] for r in rows],
        "speaker": [r["speaker"] for r in rows],
        "content": [r["content"] for r in rows],
        "timestamp": [r["timestamp"] for r in rows],
        "metadata": [json.dumps(r["metadata"]) if "metadata" in r else None for r in rows],
    }
    df = pl.DataFrame(cols, schema={"conversation_id": pl.Utf8, "turn": pl.Int64,
                                    "speaker": pl.Utf8, "content": pl.Utf8,
                                    "timestamp": pl.Utf8, "metadata": pl.Utf8})
    if fmt == "parquet":
        df.write_parquet(out, statistics=False)
    else:
        df.write_csv(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, required=True, help="total number of rows")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--conversations", type=int, default=200)
    ap.add_argument("--format", choices=["jsonl", "parquet", "csv"], default=None,
                    help="default: from the --out suffix, else jsonl")
    args = ap.parse_args(argv)
    if args.turns < 1:
        ap.error("--turns must be >= 1")
    fmt = args.format or {".parquet": "parquet", ".csv": "csv"}.get(args.out.suffix, "jsonl")
    rows = generate(args.turns, args.conversations, args.seed, epoch_ok=(fmt == "jsonl"))
    write(rows, args.out, fmt)
    print(f"wrote {len(rows)} rows in {len({r['conversation_id'] for r in rows})} "
          f"conversations to {args.out} ({fmt})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
