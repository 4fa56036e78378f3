"""Tournaments: many tables, one director, rounds, seating and standings."""
