"""daphne's requests leave multipart bodies to Django (Twisted's own parsing held a whole upload,
ten times over, in the web process's memory)."""

from __future__ import annotations

from unittest import mock

import daphne.http_protocol

from tokensite.daphne_uploads import stop_form_parsing


def test_daphne_requests_skip_twisteds_form_parsing() -> None:
    module = daphne.http_protocol
    saved = module.WebRequest
    original = saved  # Twisted's own class, also when the ASGI module already swapped it
    while getattr(original, "parses_forms", True) is False:
        original = original.__mro__[1]
    module.WebRequest = original
    try:
        assert stop_form_parsing() is True
        assert stop_form_parsing() is True  # twice is once
        request_class = daphne.http_protocol.WebRequest
        assert request_class.__mro__[1] is original
        request = request_class(mock.MagicMock())
        assert request._parsePOSTFormSubmission is False
        assert original(mock.MagicMock())._parsePOSTFormSubmission is True  # Twisted's default
    finally:
        module.WebRequest = saved
