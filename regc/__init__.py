"""regc — a compiler for regulations: source acts -> typed criterion IR -> EU-TaxoStruct JSON + evaluator."""

__version__ = "0.1.0"
