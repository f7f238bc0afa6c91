"""The core's rule catalogue (domain/kernel/rule_titles.py ``RuleBook``): the sections of the technical
requirements, Reg. 903-B/2015, that rules-digest-2 §3 lists (and the few more the ledger
applies: ``BEYOND_THE_DIGEST``), the interpretations filed under them (A61–A70) and those
common to every game (A43–A45). Each title is one line in the project's own words. Pure
data."""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import T903B

SECTIONS = {
    "1.5": "Definitions (a log is written once and never changed)",
    "2.1.2": "The Safe in Portugal keeps the reported data for ten years",
    "2.1.3": "One reliable time source, Portuguese legal time, for every component",
    "2.1.4": "Each data category signed, compressed and encrypted for the regulator",
    "2.2.2": "The Captor keeps records while down and sends them all later",
    "2.2.3": "Player services: self-exclusions reported to the regulator within 24 h",
    "2.3.1": "Security of the reporting system and custody of its key",
    "2.3.2": "The Captor stores data at least as fast as the platform produces it",
    "2.3.3": "When an outage of the reporting system must stop play",
    "2.3.4": "Lost reporting data re-extracted within a week",
    "2.3.5": "Business continuity of the reporting system",
    "2.3.6": "How long the Safe keeps data, and how much stays online",
    "3.3.2": "The kinds of report file and the daily signed archive",
    "3.3.3": "How often report data is produced: hourly files, daily summaries",
    "5.1.1": "Terms and conditions accepted, and the acceptance logged",
    "5.2.1": "Player registration, verification, self-exclusion checked at login",
    "5.2.2": "The player account: one per player, never negative, no transfers",
    "5.2.3": "Changes to a player's data, only through the account or staff",
    "5.2.4": "Opening and deactivating accounts, logged with the reason",
    "5.3.1": "A suspended player places no bets and makes no deposits",
    "5.3.2": "Self-imposed limits and self-exclusion",
    "5.3.3": "Information that protects the player (e.g. the previous session)",
    "5.4": "Player transactions: deposits, withdrawals, bets, prizes, bonuses",
    "5.4.1": "Deposits: how they are made, logged and reported, refused ones too",
    "5.4.2": "Withdrawals: who may withdraw, to where, logged and reported",
    "5.4.3": "Other account movements: bets debited and prizes credited at once",
    "5.4.4": "Bonuses are logged and only ever usable for play",
    "5.5.1": "Reports that reconcile every transaction and every player's balance",
    "6.1.1": "Taking part: licensed games, consent, no action executed twice",
    "6.1.2": "Fair play: outcomes from the RNG only, nothing adapts to the player",
    "6.1.3": "Demo games behave like the real-money game",
    "6.1.4": "The decision time is at least 3 seconds",
    "6.1.5": "The rules in force when a game starts apply until it ends",
    "6.1.6": "Rules and instructions: Portuguese first, always available",
    "6.2.1": "What a game screen shows: name, balance, stakes, limits, prizes",
    "6.2.3": "Results shown clearly and long enough",
    "6.3.1": "Games and players switched on or off at once, and logged",
    "6.3.2": "Incomplete games: shown again, accounted for, resolved within 90 days",
    "6.3.3": "Errors: a defined procedure, the player told, each one logged",
    "6.3.4": "One game at a time, and the last game viewable again",
    "6.3.5": "The players' terminals recorded and checked",
    "6.3.6": "What the session, player, game and event logs hold",
    "6.3.7": "Gaming data kept for ten years",
    "6.4.1": "Every jackpot has its own rules",
    "6.4.2": "A jackpot is fair: every contributor can win, in proportion",
    "6.4.3": "How a jackpot is set up, and when its parameters may change",
    "6.4.4": "The jackpot amount shown and refreshed, the winner told",
    "6.4.5": "What triggers a jackpot is recorded",
    "6.4.6": "A jackpot's state kept auditable and rebuildable from its contributions",
    "6.4.7": "A discontinued jackpot is shown as such and keeps its settings",
    "6.5.1": "What is recorded of each bet",
    "6.6.1": "Peer-to-peer games: no self-play, one device per player at a table",
    "6.6.2": "Peer-to-peer rules ban collusion and bots and state every fee",
    "6.6.3": "Peer-to-peer play monitored for collusion and bots",
    "6.7": "The random number generator",
    "6.7.1": "The RNG is cryptographically secure and statistically sound",
    "6.7.2": "RNG mapping: the values drawn are the ones used and recorded",
    "6.7.3": "An RNG failure disables the games",
    "6.7.4": "The RNG is seeded and reseeded securely",
    "6.7.5": "An RNG result is applied at once, never discarded or redrawn",
    "7.2": "Staff: access granted and withdrawn over their employment",
    "7.2.2": "Access withdrawn at once when someone leaves or changes role",
    "7.4": "Access control",
    "7.4.3": "Managing users' access: who may grant, change or end it",
    "7.4.5": "Access control, and sensitive data stored encrypted",
    "7.5.1": "Cryptographic keys kept secure and redundant",
    "7.7.1": "Operating procedures: a power loss lets games in progress finish",
    "7.7.5": "Backups: data recoverable up to the moment of failure",
    "7.7.6": "Audit logs of users, staff and failures, kept at least six months",
    "7.7.7": "Clocks synchronised against a reference time server",
    "7.8.2": "Network links protected, duplicates and replays refused",
    "7.9.1": "Inputs and outputs validated, automatic reconciliation",
    "7.11": "Security incidents logged and reported",
    "7.12": "A business continuity plan",
    "9.9.1": "A new or changed RNG is notified to the regulator beforehand",
    "9.9.2": "New games and changes to games notified beforehand",
}

# The sections above that rules-digest-2 §3 does not list, read from the text of 903-B: the
# chapters the code names (money, the RNG, staff) and what the ledger applies to its API keys
# and staff access (domain/access/principals.py).
BEYOND_THE_DIGEST = frozenset({"5.2.3", "5.4", "6.7", "7.2", "7.2.2", "7.4", "7.4.3"})

INTERPRETATIONS_903B = {
    61: "Two sessions: the player's login session and the game session inside it",
    62: "Show the 'error, bets void' message only when a jogada is really voided",
    63: "No new jogada of the same game on any device while one is incomplete",
    64: "Keep every event, report and audit log for ten years",
    65: "Store instants in UTC, write them in Lisbon time, hourly files by Lisbon clock",
    66: "Defects of the report data model: the XSD names and types govern",
    67: "Only deposits and withdrawals go into the transactions file",
    68: "How bets are split into records of the game-activity file",
    69: "No jackpot for the table games of Reg. 805/2015 and 807/2015 without approved rules",
    70: "Record each jogada's RNG output as an event before any result",
}
INTERPRETATIONS_COMMON = {
    43: "The session ends by itself when the warned condition happens",
    44: "Portuguese first, other languages selectable, in every game",
    45: "The state of the seed texts: check every number before certification",
}

RULE_BOOK = RuleBook(
    rules={T903B: SECTIONS},
    interpretations={T903B: INTERPRETATIONS_903B, "common": INTERPRETATIONS_COMMON},
)
