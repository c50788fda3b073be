"""Word lists of the threshold finder, as data (number words, month names, unit word forms, operators)."""

from __future__ import annotations

WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
                "fifty": 50}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


# ---------------------------------------------------------------------------------------------------------------
# units


PRODUCT_NAMES = {"H2": "hydrogen", "Al": "aluminium", "Cl2": "chlorine", "Cl": "chlorine", "NH3": "ammonia"}
_UNIT_WORD_FORMS = {"population equivalent": "p.e.", "population equivalents": "p.e.", "L": "litres", "l": "litres", "litre": "litres", "liter": "litres", "liters": "litres", "tonne": "tonnes", "year": "years",
                    "month": "months", "day": "days", "hour": "hours", "hectare": "hectares", "minute": "minutes",
                    "second": "seconds", "kilogramme": "kg", "kilogrammes": "kg", "kilogram": "kg",
                    "kilograms": "kg", "gram": "g", "grams": "g", "gramme": "g", "grammes": "g"}
_DENOM_FORMS = {"tonne": "t", "tonnes": "t", "ton": "t", "tons": "t", "litre": "litre", "litres": "litre", "kilogramme": "kg",
                "kilogrammes": "kg", "kilogram": "kg", "kilograms": "kg"}


_GENERIC_DENOMS = {"material", "materials", "component", "components", "item", "items", "article", "articles",
                   "sample", "samples", "element", "elements"}


_OPS = {"le": "<=", "lt": "<", "ge": ">=", "gt": ">", "eq": "="}
_FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "="}


_CHANGE_NOUN = {"redu": "Reduction", "decr": "Reduction", "cut": "Reduction", "cuts": "Reduction", "cutt": "Reduction",
                "lowe": "Reduction", "impr": "Improvement", "incr": "Increase"}


_STOPWORDS = {"threshold", "thresholds", "emissions", "emission", "relate", "period", "values", "value", "which",
              "where", "these", "those", "their", "other", "shall"}
