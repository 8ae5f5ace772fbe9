"""Uploads through daphne without Twisted's form parsing.

Twisted's `http.Request` parses every multipart/form-data POST into `request.args` before
daphne hands the body to Django: the whole body read into memory and parsed by the email
package, about ten times the upload's size and 8 s per 100 MB (a 300 MB catalogue import in the
admin took the web process to 3 GB and 43 s). daphne never reads `request.args`; Django parses
the body itself, streaming files to disk. Twisted turns the parsing off with the request's
`parsePOSTFormSubmission=False`, which daphne does not expose: its protocol factory builds
`daphne.http_protocol.WebRequest` by name, so that name is pointed at a subclass passing it.
"""

from __future__ import annotations

import sys
from typing import Any


def stop_form_parsing() -> bool:
    """Make daphne's requests skip Twisted's form parsing; False when not served by daphne."""
    module = sys.modules.get("daphne.http_protocol")
    if module is None:
        return False
    base = module.WebRequest
    if getattr(base, "parses_forms", True) is False:
        return True  # already done (the ASGI module imported twice)

    class WebRequest(base):  # type: ignore[misc, valid-type]
        parses_forms = False

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, parsePOSTFormSubmission=False, **kwargs)

    module.WebRequest = WebRequest  # type: ignore[attr-defined]
    return True
