"""Sentences a journal or an event file may hold from before they were worded otherwise:
kept in the catalogues, so an older file's log still reads in the screen's language."""

from banker.i18n.message import N_

RETIRED = (
    N_("Round {n} drawn: {tables} tables, {byes} byes"),  # a draw's receipt until 2026-12-07
)
