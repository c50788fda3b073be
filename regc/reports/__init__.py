"""Company reports: read a PDF annual report, extract its EU Taxonomy Article 8 disclosure, check it.

Layers (import downward only): ``errors`` < ``pdftree`` < ``rows`` < ``kpi_tables`` < ``extract`` <
``check`` / ``score`` < ``cli_*``.  The disclosure JSON is described in ``shared/spec/disclosure.md``.
"""
