"""Regex sources of the detector, one per pattern kind (compiled once in `detector`).

Conventions: every pattern is compiled with IGNORECASE; words that are only temporal when
capitalised (May, March, August, Sat, Sun, Mon) are wrapped in `(?-i:...)`. A leading named group
`sig` holds a signal word ("in", "on", "for") that selects the reading but is not part of the
TIMEX3 extent, so the detector trims it off the span.
"""
from __future__ import annotations

from temporal.lexicon import NUMBER_WORDS, ORDINAL_WORDS, TENS, UNITS_1_9


def _alt(words: list[str] | tuple[str, ...]) -> str:
    """Longest-first alternation so a prefix never shadows a longer word."""
    return "|".join(sorted((w.replace(" ", r"\s+") for w in words), key=len, reverse=True))


# Factored (tens)(-unit)? instead of 72 spelled-out combinations: compiles several times faster.
NUMW = ("(?:(?:" + "|".join(TENS) + r")(?:[-\s](?:" + "|".join(UNITS_1_9) + "))?|"
        + _alt([w for w in NUMBER_WORDS if w != "zero" and w not in TENS]) + ")")
FUZZY = r"(?:a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several)"
NUM = rf"(?:\d{{1,3}}(?:\.\d+)?|{NUMW}|{FUZZY}|an?)"
ORDW = (r"(?:(?:twenty|thirty)[-\s](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
        + _alt([w for w in ORDINAL_WORDS if " " not in w and "-" not in w]) + ")")
DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?"
YEAR = r"(?:1[0-9]\d\d|20\d\d)"
YEAR_END = r"(?![\w'’]|[.,]\d|\s*%|\s+(?:percent|people|dollars|euros|pounds|bucks|miles|km|kilometers|meters|feet|words|pages|points|calories|steps|members|followers|views|likes|copies|units|items|times|years|months|days|hours|minutes|students|kids|children|users|employees|acres|cars|votes|shares|tons|pieces)\b)"

_FULL_MONTHS_CI = r"january|february|april|june|july|september|october|november|december"
# "May", "March", "August" are ordinary words in lower case; abbreviations only capitalised.
MON_CS = (rf"(?:(?:{_FULL_MONTHS_CI})\b|(?-i:May|MAY|March|MARCH|August|AUGUST)\b"
          r"|(?-i:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b\.?)")
MON_CI = (rf"(?:(?:{_FULL_MONTHS_CI}|may|march|august)\b"
          r"|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?)")
WD_FULL = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
WD_ABBR = r"(?:(?:tues|tue|thurs|thur|thu|fri|wed)\b\.?|(?-i:Mon|Sat|Sun)\b\.?)"
SEASON = r"(?:spring|summer|fall|autumn|winter)"
UNITS = (r"(?:seconds|minutes|mins|hours|hrs|days|weeks|weekends|fortnights|months|years|yrs"
         r"|decades|centuries|second|minute|min|hour|hr|day|week|weekend|fortnight|month|year|yr"
         r"|decade|century)")
MODW = r"(?:early|mid|late|the\s+(?:beginning|start|end|middle)\s+of|(?:the\s+)?end\s+of|beginning\s+of|start\s+of)"
REL = r"(?:last|next|this|past|previous|coming|upcoming|following|current|this\s+past|this\s+coming)"
CLAUSE_END = r"(?=\s*(?:[.,;:!?)\-–—]|$|\s*\b(?:and|but|so|when|while|because|i|we|he|she|they|it|you|my|our)\b))"

PATTERNS: dict[str, str] = {
    # ---- absolute calendar dates -------------------------------------------------------------
    "iso": (r"(?<![\w/.-])(?P<y>[12]\d{3})-(?P<m>0[1-9]|1[0-2])-(?P<d>0[1-9]|[12]\d|3[01])"
            r"(?:[T\s](?P<H>[01]\d|2[0-3]):(?P<M>[0-5]\d)(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?"
            r"(?![\w/-])"),
    "num_mdy": r"(?<![\w/.:-])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>\d{4}|\d{2})(?![\w/])",
    "num_ymd": r"(?<![\w/.:-])(?P<y>[12]\d{3})/(?P<m>\d{1,2})/(?P<d>\d{1,2})(?![\w/])",
    "num_dmy": r"(?<![\w.:-])(?P<a>\d{1,2})\.(?P<b>\d{1,2})\.(?P<y>[12]\d{3})(?![\w.])",
    "dmy": (rf"(?:(?P<wd>{WD_FULL}),?\s+)?(?:the\s+)?(?:(?P<dw>{ORDW})\s+of|(?P<d>{DAY})(?:\s+of)?)"
            rf"\s+(?P<mon>{MON_CI}),?\s+(?P<y>{YEAR})\b"),
    "mdy": (rf"(?:(?P<wd>{WD_FULL}),?\s+)?(?P<mon>{MON_CI})\s+(?:the\s+)?(?:(?P<d>{DAY})|(?P<dw>{ORDW}))"
            rf"(?:,\s*|\s+)(?P<y>{YEAR})\b"),
    "dm": (rf"(?:(?P<wd>{WD_FULL}),?\s+)?(?:the\s+(?P<dw>{ORDW})\s+of|(?:the\s+)?(?P<d>{DAY})(?:\s+of)?)"
           rf"\s+(?P<mon>{MON_CS})(?!['’]s)"),
    "md": (rf"(?:(?P<wd>{WD_FULL}),?\s+)?(?P<mon>{MON_CS})\s+(?:the\s+)?(?:(?P<d>{DAY})|(?P<dw>{ORDW}))\b"
           r"(?!\s*(?:%|:\d|[.,]\d|\s+(?:percent|people|miles|km|times|pm|am)\b))"),
    "my": (rf"(?:(?P<mod>{MODW})[\s-]+)?(?P<mon>{MON_CI}),?\s+(?:of\s+)?(?P<y>{YEAR}){YEAR_END}"),
    "month": (r"(?:(?P<sig>in|during|since|until|till|through|throughout|by|before|after|from|to|around"
              r"|starting|between|every|each|month\s+of)\s+)?"
              rf"(?:(?P<mod>{MODW})[\s-]+)?(?:(?P<rel>last|next|this|past|coming|previous)\s+)?"
              rf"(?P<mon>{MON_CS})(?!['’]s|\s+\d)"),
    "year": (r"(?<![\w$£€#.,/:@])(?:(?P<sig>in|since|during|by|until|till|through|from|to|before|after"
             r"|of|around|circa|for|between|and|year)\s+)?"
             rf"(?:(?P<mod>{MODW})[\s-]+)?(?P<y>{YEAR}){YEAR_END}"),
    "decade4": (r"(?:(?P<sig>in|since|during|by|until|from|of|through)\s+)?(?:the\s+)?"
                r"(?:(?P<mod>early|mid|late)[\s-]+)?(?P<d4>1\d{2}0|20\d0)['’]?s\b"),
    "decade2": (r"\bthe\s+(?:(?P<mod>early|mid|late)[\s-]+)?"
                r"(?:['’]?(?P<d2>[1-9]0|00)['’]?s|(?P<dw>twenties|thirties|forties|fifties|sixties"
                r"|seventies|eighties|nineties))\b"),
    "century": rf"(?:the\s+)?(?:(?P<mod>early|mid|late)[\s-]+)?(?P<ord>\d{{1,2}}(?:st|nd|rd|th)|{ORDW})\s+century\b",
    "quarter": (rf"(?:(?-i:Q)(?P<q>[1-4])\b|(?:the\s+)?(?P<qw>first|second|third|fourth|1st|2nd|3rd|4th|final)"
                rf"\s+quarter)(?:,?\s+(?:of\s+)?(?:(?:fiscal\s+)?(?P<y>{YEAR})|(?P<rel>this|last|next)\s+year))?\b"),
    "season": (r"(?:(?P<sig>in|during|over|for|through|throughout|since|until|till|before|after"
               r"|all|every|each)\s+)?(?:the\s+)?"
               rf"(?:(?P<mod>early|mid|late|(?:the\s+)?(?:end|beginning|start|middle)\s+of(?:\s+the)?)[\s-]+)?"
               rf"(?:(?P<rel>{REL})\s+)?(?P<s>{SEASON})(?:\s+(?:of\s+)?(?P<y>{YEAR}))?\b"
               r"(?!\s+of\s+(?!(?:1[0-9]|20)\d\d)|[-\s](?:water|roll|rolls|onion|onions|mattress|board|"
               r"boards|coat|coats|jacket|jackets|tires|boots|clothes|wear|collection|fashion|line|"
               r"leaves|colors|colours|squash|solstice|equinox|break|camp|olympics|semester|term|"
               r"session|vibes|chicken|green|breeze|sun|night|nights|day|days|evening|evenings)\b)"),
    "relunit": (rf"(?<!\bthe\s)(?:(?P<mod>{MODW}|earlier|later)[\s-]+)?(?P<rel>{REL}|the|the\s+current)"
                r"\s+(?P<u>week|weekend|month|year|quarter|decade|century)\b(?!\s+(?:of|before|after)\b)"),
    "pastunit": r"\bthe\s+(?P<rel>past|last)\s+(?P<u>day|week|weekend|month|year|decade|century)\b(?!\s+(?:of|before|after)\b)",
    "nthunit": (rf"(?:the\s+)?(?P<ord>first|second|third|fourth|last|final)\s+(?P<u>week|weekend|day)\s+of"
                rf"\s+(?:(?P<mon>{MON_CI})(?:,?\s+(?P<y>{YEAR}))?|(?P<rel>this|last|next|the)\s+(?P<ru>month|year))\b"),
    "ago": (r"(?:(?P<approx>about|around|almost|nearly|over|more\s+than|less\s+than|roughly|just|only|some)\s+)?"
            rf"(?:(?P<n>{NUM}|many|some)\s+)?(?P<u>{UNITS}|ages)"
            r"(?P<half>\s+and\s+a\s+half)?\s+(?P<dir>ago|back|earlier|later|from\s+now|hence|"
            rf"(?:before|after|prior){CLAUSE_END})"),
    "inn": (rf"(?P<sig>in|within|after)\s+(?:(?P<approx>about|around|roughly|just|only|less\s+than|under"
            rf"|over|more\s+than)\s+)?(?P<next>the\s+(?:next|coming)\s+)?(?P<n>{NUM})\s+(?P<u>{UNITS})"
            r"(?P<half>\s+and\s+a\s+half)?\b(?!\s+(?:ago|old|of|later|earlier|back)\b|[-'’])"),
    "dur": (r"(?:(?P<sig>for|over|during|throughout)\s+)?"
            r"(?P<pre>(?:(?:the\s+(?:past|last|next|previous|coming|following|first|final|better\s+part\s+of)"
            r"|these|those|another|almost|nearly|about|around|roughly|more\s+than|less\s+than|at\s+least"
            r"|only|just|a\s+good|a\s+whole|a\s+full|whole|full|entire|over|some)\s+)*)"
            rf"(?P<n>{NUM}|half\s+an?|many)(?P<hy>[\s-]+)(?:(?:more|whole|full|straight|consecutive"
            rf"|additional|extra)\s+)?(?P<u>{UNITS})(?P<half>\s+and\s+a\s+half)?\b"
            r"(?P<post>\s+(?:now|straight|in\s+a\s+row|running))?(?![-'’]\w)"),
    "durvague": r"(?P<sig>for|over)\s+(?P<u>years|months|weeks|days|hours|decades|ages)\b",
    "dayrel": (r"(?P<w>the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday|today|tonight"
               r"|tonite|tomorrow|tmrw|last\s+night|this\s+(?:morning|afternoon|evening))"
               r"(?:\s+(?:(?:in|at)\s+the\s+)?(?P<pod>morning|afternoon|evening|night))?\b"),
    "weekday": (r"(?:(?P<sig>on|by|until|till|since|before|after|from|to|through)\s+)?"
                r"(?:(?P<rel>last|next|this|past|coming|this\s+past|this\s+coming|every|each)\s+)?"
                r"(?<!\bblack\s)(?<!\bgood\s)(?<!\bcyber\s)(?<!\bsuper\s)(?<!\bash\s)(?<!\bfat\s)"
                r"(?<!\bpalm\s)(?<!\bholy\s)(?<!\beaster\s)(?<!\bgirl\s)(?<!\bman\s)"
                rf"(?P<wd>{WD_FULL}|{WD_ABBR})(?P<pl>s)?"
                r"(?:\s+(?P<pod>morning|afternoon|evening|night))?\b"
                r"(?!\s+(?:best|school|paper|papers|times|roast|service|league)\b)"),
    "relword": (rf"the\s+(?:(?P<u>day|week|weekend|month|year|{WD_FULL})\s+(?P<dir>before|after|prior|earlier|later)"
                rf"{CLAUSE_END}|(?P<rel>previous|following|next|prior)\s+(?P<u2>day|week|weekend|month|year|{WD_FULL}))\b"),
    "weekendsig": r"(?P<sig>over|on|at|during|for|until|till|by|after|before)\s+the\s+weekend\b(?!\s+(?:of|before|after)\b)",
    "timeofday": (r"(?:(?P<sig>at|around|by|until|till|from|to|before|after|about)\s+)?(?:(?P<h>1[0-2]|0?[1-9])"
                  r"(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.m\.|p\.m\.|am\b|pm\b|a\.m\b|p\.m\b)"
                  r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d:])"
                  r"|(?P<word>noon|midnight|midday)\b"
                  rf"|(?P<hw>1[0-2]|0?[1-9]|{NUMW})\s+o['’]?clock\b)"),
    "holiday": (r"(?:(?P<sig>on|for|at|over|during|until|till|since|by|before|after|around|of)\s+)?"
                r"(?:(?P<rel>last|this|next|every)\s+)?(?P<hol>christmas(?:\s+(?:day|eve))?|new\s+year['’]?s(?:\s+(?:eve|day))?"
                r"|thanksgiving|easter(?:\s+sunday)?|halloween|valentine['’]?s\s+day|independence\s+day"
                r"|(?:the\s+)?fourth\s+of\s+july|july\s+4th|mother['’]?s\s+day|father['’]?s\s+day|memorial\s+day"
                rf"|labou?r\s+day|st\.?\s+patrick['’]?s\s+day|saint\s+patrick['’]?s\s+day)(?:\s+(?P<y>{YEAR}))?\b"),
    "ordday": (r"(?P<sig>on|by|until|till|since|before|after|from)\s+the\s+(?P<d>(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th))"
               r"(?:\s+of\s+(?P<rel>this|last|next)\s+month)?" + CLAUSE_END),
    "loose": (rf"(?<![\w/.-])(?P<all>(?:(?:mon|tue|wed|thu|fri|sat|sun),\s+)?\d{{1,2}}\s+{MON_CI}\s+\d{{4}}\s+"
              r"\d{2}:\d{2}(?::\d{2})?(?:\s+(?:GMT|UTC|[+-]\d{4}))?"
              rf"|\d{{1,2}}[-/]{MON_CI}[-/]\d{{2,4}}|{MON_CI}[-/]\d{{1,2}}[-/]\d{{2,4}}"
              r"|[12]\d{3}\.\d{1,2}\.\d{1,2})(?![\w/-]|\.\d)"),
    "vague": (r"(?P<w>recently|lately|nowadays|these\s+days|currently|right\s+now|at\s+the\s+moment|at\s+present"
              r"|presently|(?<!\bevery\s)(?<!\bfrom\s)\bnow(?!\s+(?:and\s+(?:then|again)|that|on)\b)"
              r"|the\s+past|the\s+(?:near\s+|distant\s+)?future|the\s+other\s+(?:day|night|week)"
              r"|a\s+(?:little\s+)?while\s+(?:ago|back)|(?:a\s+)?long\s+(?:time\s+)?ago"
              r"|once\s+upon\s+a\s+time|someday|one\s+of\s+these\s+days|any\s+day\s+now)\b"),
    "set_every": (r"(?P<every>every|each)\s+(?P<other>other\s+)?(?:(?P<n>\d{1,3}|" + NUMW + r"|few|couple\s+of)\s+)?"
                  rf"(?P<u>day|week|weekend|month|year|morning|afternoon|evening|night|hour|{WD_FULL}|{SEASON}"
                  rf"|{_FULL_MONTHS_CI}|may|march|august)s?\b(?!\s+(?:and\s+then|now|time)\b)"),
    "set_adv": r"(?P<adv>daily|weekly|monthly|yearly|annually|nightly|hourly|biweekly|fortnightly)\b",
    "set_freq": (rf"(?P<freq>once|twice|thrice|{NUM}\s+times|a\s+couple\s+(?:of\s+)?times|a\s+few\s+times"
                 r"|several\s+times)\s+(?:a|per|each|every)\s+(?P<fu>day|week|month|year)\b"),
    "set_pwd": rf"(?:(?P<on>on|at|during)\s+)?(?P<pwd>{WD_FULL}s|weekends)\b",
}

# Trigger categories a pattern needs before it is worth running (see detector): every tuple
# element is an any-of set, and all elements must be present.
_D, _M, _U = frozenset({"digit"}), frozenset({"month"}), frozenset({"unit"})
NEEDS: dict[str, tuple[frozenset[str], ...]] = {
    "iso": (_D,), "num_mdy": (_D,), "num_ymd": (_D,), "num_dmy": (_D,),
    "dmy": (_M, _D), "mdy": (_M, _D), "dm": (_M, frozenset({"digit", "ordword"})),
    "md": (_M, frozenset({"digit", "ordword"})), "my": (_M, _D), "month": (_M,), "year": (_D,),
    "decade4": (_D,), "decade2": (frozenset({"decade", "digit"}), frozenset({"the"})),
    "century": (frozenset({"century"}),), "quarter": (frozenset({"quarter", "digit"}),),
    "season": (frozenset({"season"}),), "relunit": (_U,), "pastunit": (_U, frozenset({"pastlast"})),
    "nthunit": (_U, frozenset({"nth"})), "ago": (_U, frozenset({"agoword"})),
    "inn": (_U, frozenset({"inword"})), "dur": (_U,), "durvague": (_U, frozenset({"forover"})),
    "dayrel": (frozenset({"dayword"}),), "weekday": (frozenset({"weekday"}),),
    "relword": (frozenset({"unit", "weekday"}), frozenset({"the"})),
    "weekendsig": (frozenset({"weekend"}),), "timeofday": (frozenset({"digit", "clock"}),),
    "holiday": (frozenset({"holiday", "month"}),), "loose": (_D,),
    "ordday": (_D,), "vague": (frozenset({"vague"}),),
    "set_every": (frozenset({"every"}),), "set_adv": (frozenset({"adv"}),),
    "set_freq": (frozenset({"freq"}), _U), "set_pwd": (frozenset({"weekday", "weekend"}),),
}
