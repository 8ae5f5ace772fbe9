from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from tokensite.gctune import tune_for_long_lived_state

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
application = get_wsgi_application()
tune_for_long_lived_state()  # tokensite/gctune.py
